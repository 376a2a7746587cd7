package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.fail.fields.LostUpdate;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A controller thread gives the work's result or failure back, and runs made from it are the runs
 * made from any other thread.
 */
class ControllerThreadTest {
  private static final boolean VIRTUAL_EXPECTED =
      Runtime.version().feature() >= 21
          && !"platform".equals(System.getProperty("weft.carriers"))
          && !"jdk".equals(System.getProperty("weft.carrierScheduler"));

  @Test
  void theWorkRunsOnAVirtualThreadWhereTheJdkHasThemAndGivesItsResultBack() throws Exception {
    Thread caller = Thread.currentThread();
    Thread worker = ControllerThread.call(Thread::currentThread);
    assertThat(worker != caller).isEqualTo(VIRTUAL_EXPECTED);
    assertThat(worker.getName()).isEqualTo(VIRTUAL_EXPECTED ? "weft-controller" : caller.getName());
    // nested: already on the controller, the work runs where it is
    Thread nested = ControllerThread.call(() -> ControllerThread.call(Thread::currentThread));
    assertThat(nested.getName()).isEqualTo(worker.getName());
  }

  @Test
  void theWorksFailureIsThrownAsItWas() {
    assertThatThrownBy(
            () ->
                ControllerThread.call(
                    () -> {
                      throw new IOException("disk full");
                    }))
        .isInstanceOf(IOException.class)
        .hasMessage("disk full");
    assertThatThrownBy(
            () ->
                ControllerThread.call(
                    () -> {
                      throw new AssertionError("broken");
                    }))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void runsFromTheControllerAreTheRunsFromAPlatformThread() throws Exception {
    List<Long> here = fingerprints();
    List<Long> onController = ControllerThread.call(ControllerThreadTest::fingerprints);
    assertThat(onController).isEqualTo(here);
    assertThat(here.stream().distinct().count())
        .as("the seeds make different runs")
        .isGreaterThan(5);
  }

  /** Fingerprints of 30 random runs of a racy program, fresh executor, fixed seeds. */
  private static List<Long> fingerprints() throws Exception {
    FieldTable fields = new FieldTable();
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(Harness.testTargetsPath())), new SiteTable(), fields);
    RunExecutor ex =
        new RunExecutor(
            instrumenter,
            TargetSpec.main(LostUpdate.class.getName(), List.of()),
            RunBudget.DEFAULT);
    List<Long> out = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      RunResult r = ex.execute(new RandomWalk(i), i);
      out.add(RunFingerprint.byFirstAppearance(r, ex.sites(), fields));
    }
    return out;
  }
}
