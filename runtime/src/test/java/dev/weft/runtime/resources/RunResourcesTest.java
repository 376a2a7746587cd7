package dev.weft.runtime.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.LeftOpen;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run takes from the operating system and leaves behind is given back at its end. */
class RunResourcesTest {
  @TempDir Path dir;

  @BeforeEach
  void directory() {
    System.setProperty(LeftOpen.DIRECTORY, dir.toString());
  }

  @AfterEach
  void forget() {
    System.clearProperty(LeftOpen.DIRECTORY);
  }

  private static RunResult run(RunExecutor executor, long run) throws Exception {
    RunResult r = executor.execute(new RandomWalk(run), run);
    assertThat(r.outcome())
        .as("run %d: %s %s", run, r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    return r;
  }

  private static long openDescriptors() {
    return ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getOpenFileDescriptorCount();
  }

  @Test
  void aFileEachRunLeavesOpenIsClosedAtItsEnd() throws Exception {
    RunExecutor executor = Harness.executor(LeftOpen.class, "leavesAFileOpen");
    run(executor, 0);
    long before = openDescriptors();
    for (int i = 1; i <= 200; i++) {
      run(executor, i);
    }
    assertThat(openDescriptors() - before).as("descriptors left open").isLessThan(20);
    assertThat(Files.size(dir.resolve("left-open"))).isEqualTo(201);
  }

  @Test
  void aFileLockOneRunLeavesHeldIsReleasedForTheNext() throws Exception {
    RunExecutor executor = Harness.executor(LeftOpen.class, "locksAFile");
    for (int i = 0; i < 5; i++) {
      run(executor, i);
    }
  }

  @Test
  void aProcessARunStartedIsNotAliveAfterIt() throws Exception {
    RunExecutor executor = Harness.executor(LeftOpen.class, "startsAProcess");
    run(executor, 1);
    long pid = Long.parseLong(Files.readString(dir.resolve("pid")));
    Optional<ProcessHandle> sleeper = ProcessHandle.of(pid);
    try {
      assertThat(sleeper.map(ProcessHandle::isAlive))
          .as("sleep 60, pid %d", pid)
          .isNotEqualTo(Optional.of(true));
    } finally {
      sleeper.ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void whatAnInitialiserTheJvmRunsOnceOpenedStaysOpenForLaterRuns() throws Exception {
    RunExecutor executor = Harness.executor(LeftOpen.class, "writesToALogOpenedOnce");
    for (int i = 0; i < 3; i++) {
      run(executor, i);
    }
    assertThat(Files.readString(dir.resolve("shared.log"))).isEqualTo("run\nrun\nrun\n");
  }

  @Test
  void aShutdownHookARunRegistersIsNotLeftWithTheJvm() throws Exception {
    RunExecutor executor = Harness.executor(LeftOpen.class, "registersAShutdownHook");
    try {
      for (int i = 0; i < 3; i++) {
        run(executor, i);
        Thread hook = (Thread) System.getProperties().get(LeftOpen.SHUTDOWN_HOOK);
        assertThat(hook).isNotNull();
        assertThat(Runtime.getRuntime().removeShutdownHook(hook))
            .as("the run's hook was registered with the JVM")
            .isFalse();
      }
    } finally {
      System.getProperties().remove(LeftOpen.SHUTDOWN_HOOK);
    }
  }
}
