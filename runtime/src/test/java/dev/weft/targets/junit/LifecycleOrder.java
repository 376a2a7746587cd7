package dev.weft.targets.junit;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A JUnit test class whose {@code @AfterAll} throws the order in which the lifecycle ran, so that a
 * run's failure message shows it (static state is fresh in every run, so nothing else survives).
 */
public class LifecycleOrder extends LifecycleOrderBase {
  static List<String> log;
  int prepared;

  @BeforeAll
  static void startLog() {
    log = new ArrayList<>();
    log.add("beforeAll");
  }

  @BeforeEach
  void prepare() {
    log.add("beforeEach");
    prepared = inherited + 1;
  }

  @Test
  void sees() {
    log.add("test:" + prepared);
  }

  @AfterEach
  void cleanUp() {
    log.add("afterEach");
  }

  @AfterAll
  static void report() {
    log.add("afterAll");
    throw new IllegalStateException("lifecycle " + String.join(",", log));
  }

  @Test
  void failsAfterBeforeEach() {
    log.add("test");
    throw new IllegalArgumentException("test failed");
  }

  @Test
  void whereIsJUnit() {
    throw new IllegalStateException(
        "junit loaded by " + Test.class.getClassLoader().getName() + " from the path");
  }
}
