package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.hangs.CountsAloneAWhile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A run whose trace outgrows the memory Weft keeps for one is ended unjudged, with a note that says
 * what to give it, rather than running Weft out of memory; the campaign goes on and ends normally.
 */
class WeftTraceMemoryTest extends CliTestSupport {
  @AfterEach
  void forgetAllowance() {
    System.clearProperty("weft.maxTraceEvents");
  }

  private int run(Path out) {
    return runTarget(out, CountsAloneAWhile.class, 3, List.of("--jdk", "models"));
  }

  @Test
  void aRunThatOutgrowsItsTraceAllowanceIsSkippedWithAdviceAndNoFinding() throws Exception {
    System.setProperty("weft.maxTraceEvents", "50000");
    Path out = dir.resolve("small");
    assertThat(run(out)).as(stdout() + stderr()).isZero();
    assertThat(stdout() + stderr())
        .contains("the run's trace reached")
        .contains("--jvm-opt -Xmx")
        .doesNotContain("FOUND");
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 3")
        .contains("\"skipped\": 3");
  }

  @Test
  void theSameRunWithinItsAllowancePasses() throws Exception {
    Path out = dir.resolve("default");
    assertThat(run(out)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"skipped\": 0");
  }
}
