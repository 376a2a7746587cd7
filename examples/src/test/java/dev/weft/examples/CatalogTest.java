package dev.weft.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.examples.Example.Expected;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CatalogTest {

  private static final int TWIN_RUNS = 200;

  /** Twins that sleep for real here (Weft's virtual time does not apply) get fewer runs. */
  private static final long TWIN_MILLIS = 10_000;

  static Stream<Example> twins() {
    return Catalog.twins().stream();
  }

  private static Method mainOf(String className) throws ReflectiveOperationException {
    return Class.forName(className).getMethod("main", String[].class);
  }

  @Test
  void everyEntryHasAPublicStaticVoidMain() throws ReflectiveOperationException {
    assertThat(Catalog.ALL).isNotEmpty();
    for (Example e : Catalog.ALL) {
      Method main = mainOf(e.mainClass());
      assertThat(Modifier.isPublic(main.getModifiers())).as(e.id()).isTrue();
      assertThat(Modifier.isStatic(main.getModifiers())).as(e.id()).isTrue();
      assertThat(main.getReturnType()).as(e.id()).isEqualTo(void.class);
      assertThat(e.mainClass()).startsWith("dev.weft.examples.");
    }
  }

  @Test
  void everyTwinNamesAnExistingBuggyEntry() {
    Set<String> buggy =
        Catalog.buggy().stream().map(Example::mainClass).collect(Collectors.toSet());
    assertThat(Catalog.twins()).isNotEmpty();
    for (Example twin : Catalog.twins()) {
      assertThat(twin.expected()).isEqualTo(Expected.NONE);
      assertThat(buggy).as("twinOf of %s", twin.id()).contains(twin.twinOf());
      assertThat(twin.mainClass()).isEqualTo(twin.twinOf() + "Fixed");
    }
  }

  @Test
  void everyBuggyEntryHasATwin() {
    Set<String> fixed = Catalog.twins().stream().map(Example::twinOf).collect(Collectors.toSet());
    for (Example e : Catalog.buggy()) {
      assertThat(e.expected()).isNotEqualTo(Expected.NONE);
      assertThat(e.twinOf()).isNull();
      assertThat(fixed).as("twin of %s", e.id()).contains(e.mainClass());
    }
  }

  @Test
  void catalogContainsTheExpectedEntries() {
    assertThat(Catalog.ALL).extracting(Example::id).doesNotHaveDuplicates();
    assertThat(Catalog.ALL)
        .extracting(Example::id)
        .contains("FlagX(10,10)", "FlagX(50,50)", "FlagXFixed(10,10)");
    assertThat(Catalog.buggy()).hasSize(24);
    assertThat(Catalog.twins()).hasSize(23);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void twinNeverFailsWhenRunRepeatedly(Example twin) throws Throwable {
    Method main = mainOf(twin.mainClass());
    List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
    Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((t, ex) -> uncaught.add(ex));
    try {
      assertTimeoutPreemptively(
          Duration.ofSeconds(60),
          () -> {
            long deadline = System.currentTimeMillis() + TWIN_MILLIS;
            for (int i = 0;
                i < TWIN_RUNS
                    && uncaught.isEmpty()
                    && (i == 0 || System.currentTimeMillis() < deadline);
                i++) {
              try {
                main.invoke(null, (Object) twin.args());
              } catch (InvocationTargetException ex) {
                throw new AssertionError(
                    twin.id() + " main threw in run " + i, ex.getTargetException());
              }
            }
          },
          twin.id() + " did not finish " + TWIN_RUNS + " runs (hang?)");
    } finally {
      Thread.setDefaultUncaughtExceptionHandler(previous);
    }
    assertThat(uncaught).as("uncaught exceptions in threads of %s", twin.id()).isEmpty();
  }
}
