package dev.weft.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Two Weft processes at once give their runs' listeners ports from different blocks. */
class PortBlockTest {
  /** The child process: prints the first port of its block. */
  public static void main(String[] args) {
    System.out.println(PortBlock.first());
  }

  @Test
  void aSecondLiveProcessTakesAnotherBlockOfPorts() throws Exception {
    int ours = PortBlock.first();
    assertThat(ours).isBetween(ListenPorts.FIRST, PortBlock.END - PortBlock.SIZE);
    assertThat((ours - ListenPorts.FIRST) % PortBlock.SIZE).isZero();
    assertThat(PortBlock.first()).as("one block for the life of the process").isEqualTo(ours);

    int theirs = childsFirstPort();
    assertThat(theirs).isNotEqualTo(ours);
    assertThat((theirs - ListenPorts.FIRST) % PortBlock.SIZE).isZero();
  }

  private static int childsFirstPort() throws IOException, InterruptedException {
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                PortBlockTest.class.getName())
            .redirectErrorStream(true)
            .start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(out).isZero();
    return Integer.parseInt(out.lines().reduce((a, b) -> b).orElseThrow());
  }
}
