package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.targets.cli.LeavesFilesOpen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A target that leaves a file open each run, under a limit of 512 descriptors: Weft gives back what
 * each run opened, and when a target leaks where Weft cannot see, stops with that said and its
 * files written, rather than failing to write them.
 */
class WeftDescriptorLimitTest extends CliTestSupport {
  private static final int LIMIT = 512;

  /** {@code weft run} in a child JVM whose process may hold at most {@value #LIMIT} descriptors. */
  private int runUnderLimit(Path out, int iterations, String... targetArgs) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> weft =
        new java.util.ArrayList<>(
            List.of(
                java,
                "-Djdk.attach.allowAttachSelf=true",
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "run",
                "--main",
                LeavesFilesOpen.class.getName(),
                "--cp",
                targets(),
                "--iterations",
                Integer.toString(iterations),
                "--out",
                out.toString(),
                "--quiet",
                "--args"));
    weft.add(dir.toString());
    weft.addAll(List.of(targetArgs));
    StringBuilder command = new StringBuilder("ulimit -n " + LIMIT + " && exec");
    for (String a : weft) {
      command.append(" '").append(a.replace("'", "'\\''")).append('\'');
    }
    Process child =
        new ProcessBuilder("sh", "-c", command.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.log").toFile())
            .start();
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return child.exitValue();
  }

  private JsonNode summary(Path out) throws Exception {
    Path summary = out.resolve("summary.json");
    assertThat(summary).as(Files.readString(dir.resolve("child.log"))).exists();
    return new ObjectMapper().readTree(summary.toFile());
  }

  @Test
  void aFileLeftOpenEachRunDoesNotExhaustTheDescriptors() throws Exception {
    Path out = dir.resolve("out");
    int code = runUnderLimit(out, 3_000);
    String log = Files.readString(dir.resolve("child.log"));
    assertThat(code).as(log).isZero();
    JsonNode summary = summary(out);
    assertThat(summary.get("executions").asLong()).as(log).isEqualTo(3_000);
    assertThat(summary.get("stopReason").asText()).isEqualTo("iteration budget reached");
    // every run wrote to its file: the campaign's 3,000 and the checks that replay some of them
    assertThat(Files.size(dir.resolve("left-open"))).isGreaterThanOrEqualTo(3_000);
  }

  @Test
  void aLeakWeftCannotSeeStopsTheCampaignWithItsFilesWritten() throws Exception {
    Path out = dir.resolve("out");
    int code = runUnderLimit(out, 3_000, "hidden");
    String log = Files.readString(dir.resolve("child.log"));
    assertThat(code).as(log).isZero();
    JsonNode summary = summary(out);
    assertThat(summary.get("executions").asLong()).as(log).isLessThan(LIMIT);
    assertThat(summary.get("stopReason").asText())
        .as(log)
        .startsWith("the target exhausted the process's file descriptors");
    assertThat(summary.get("findings")).as(log).isEmpty();
  }
}
