package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.process.DrainedChild;
import dev.weft.targets.process.ExitCallbackTally;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Programs that wait for a child process: the wait is a call outside the run, so the thread that
 * drains the child's output goes on meanwhile, and the callbacks of {@code onExit()} run on a
 * controlled stand-in for the JDK's process reaper, where their races are the run's.
 */
class WeftProcessesTest extends CliTestSupport {
  private int run(Path out, Class<?> main, int iterations, String... args) {
    return runTarget(out, main, iterations, List.of("--seed", "3"), args);
  }

  @Test
  void aWaitForAChildWhoseOutputAnotherThreadDrainsLetsThatThreadGoOn() throws Exception {
    Path out = dir.resolve("drained");
    assertThat(run(out, DrainedChild.class, 60)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 60")
        .contains("\"skipped\": 0");
  }

  @Test
  void aRaceWithTheCallbackOfAChildsExitIsFoundAndTheAtomicTwinIsQuiet() throws Exception {
    Path out = dir.resolve("tally");
    assertThat(run(out, ExitCallbackTally.class, 1000)).as(stdout() + stderr()).isEqualTo(1);
    assertThat(report(findingFile(out))).contains("counted 1 of 2 additions");

    clearOutput();
    Path atomic = dir.resolve("atomic-tally");
    assertThat(run(atomic, ExitCallbackTally.class, 200, "atomic"))
        .as(stdout() + stderr())
        .isZero();
    assertThat(Files.readString(atomic.resolve("summary.json")))
        .contains("\"executions\": 200")
        .contains("\"skipped\": 0");
  }
}
