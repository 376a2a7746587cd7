package dev.weft.runtime.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.examples.failure.InjectedFaultDeadlock;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.races.RaceMode;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exceptions the program throws on purpose are no findings; what follows them still is. */
class ExpectedExceptionsTest {
  private static RunExecutor executor(ExpectedExceptions expected) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(Harness.examplesPath())),
            new SiteTable(),
            new FieldTable());
    return new RunExecutor(
        instrumenter,
        TargetSpec.main(InjectedFaultDeadlock.class.getName(), List.of()),
        RunBudget.DEFAULT,
        RaceMode.DEFAULT,
        true,
        expected);
  }

  @Test
  void aNameMatchesItsClassAndEverySubclass() {
    ExpectedExceptions io = ExpectedExceptions.of(List.of("java.io.IOException"));

    assertThat(io.matches(new IOException())).isTrue();
    assertThat(io.matches(new FileNotFoundException())).isTrue();
    assertThat(io.matches(new UncheckedIOException(new IOException()))).isFalse();
    assertThat(io.matches(new IllegalStateException())).isFalse();
    assertThat(ExpectedExceptions.NONE.matches(new IOException())).isFalse();
  }

  @Test
  void aNameThatCannotBeAClassIsRefused() {
    assertThatThrownBy(() -> ExpectedExceptions.of(List.of("IOException")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fully qualified");
    assertThatThrownBy(() -> ExpectedExceptions.of(List.of("java.io.")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void withoutTheOptionTheInjectedFaultFailsEveryRun() throws Exception {
    RunExecutor executor = executor(ExpectedExceptions.NONE);
    RandomWalk random = new RandomWalk(5);
    for (int run = 1; run <= 10; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.failures())
          .as("run %d", run)
          .anyMatch(
              f -> f.kind() == FindingKind.EXCEPTION && f.message().contains("InjectedFault"));
    }
  }

  @Test
  void anIgnoredFaultIsNoFindingAndTheDeadlockAfterItIsFound() throws Exception {
    RunExecutor executor = executor(ExpectedExceptions.of(List.of("java.io.UncheckedIOException")));
    RandomWalk random = new RandomWalk(5);
    RunResult deadlock = null;
    for (int run = 1; run <= 200 && deadlock == null; run++) {
      RunResult r = executor.execute(random, run);
      assertThat(r.failures()).as("run %d", run).noneMatch(f -> f.kind() == FindingKind.EXCEPTION);
      if (r.failed()) {
        deadlock = r;
      }
    }
    assertThat(deadlock).as("no deadlock in 200 runs").isNotNull();
    assertThat(deadlock.failure().kind()).isEqualTo(FindingKind.DEADLOCK);
  }
}
