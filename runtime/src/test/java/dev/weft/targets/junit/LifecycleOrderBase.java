package dev.weft.targets.junit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The superclass of {@link LifecycleOrder}: its lifecycle methods go around the subclass's. */
public class LifecycleOrderBase {
  int inherited;

  @BeforeEach
  void baseFirst() {
    LifecycleOrder.log.add("baseBeforeEach");
    inherited = 41;
  }

  @AfterEach
  void baseLast() {
    LifecycleOrder.log.add("baseAfterEach");
  }
}
