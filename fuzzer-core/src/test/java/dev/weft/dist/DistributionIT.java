package dev.weft.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution as a user installs it: {@code target/weft-<version>.tar.gz} (and the zip beside
 * it) unpacked in a folder of its own, {@code bin/weft} run from another working directory on a
 * bundled example. It finds the bug, and every command it prints starts with the launcher the user
 * ran, never with the checkout's {@code scripts/weft}.
 */
class DistributionIT {
  @TempDir Path dir;

  private static final Path TARGET = Path.of("target").toAbsolutePath();

  private static Path archive(String extension) throws IOException {
    try (var files = Files.list(TARGET)) {
      return files
          .filter(p -> p.getFileName().toString().matches("weft-[0-9].*\\." + extension))
          .findFirst()
          .orElseThrow(
              () -> new AssertionError("no weft-<version>." + extension + " in " + TARGET));
    }
  }

  private static String run(Path workingDir, List<String> command, int expectedExit)
      throws Exception {
    Path out = Files.createTempFile(workingDir.getParent(), "out", ".txt");
    Process p =
        new ProcessBuilder(command)
            .directory(workingDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("finished in 3 min").isTrue();
    String text = Files.readString(out);
    assertThat(p.exitValue()).as(text).isEqualTo(expectedExit);
    return text;
  }

  @Test
  void theUnpackedDistributionFindsABugFromAnotherFolderAndPrintsItsOwnCommands() throws Exception {
    Path install = Files.createDirectories(dir.resolve("opt"));
    run(install, List.of("tar", "xzf", archive("tar.gz").toString()), 0);
    Path home;
    try (var unpacked = Files.list(install)) {
      home = unpacked.findFirst().orElseThrow();
    }
    Path weft = home.resolve("bin/weft");
    assertThat(weft).isExecutable();
    assertThat(home.resolve("bin/weft.cmd")).isRegularFile();
    assertThat(home.resolve("lib/weft.jar")).isRegularFile();
    assertThat(archive("zip")).isRegularFile();

    Path elsewhere = Files.createDirectories(dir.resolve("project"));
    Path examples = Path.of("..", "examples", "target", "classes").toAbsolutePath().normalize();
    String found =
        run(
            elsewhere,
            List.of(
                weft.toString(),
                "run",
                "--main",
                "dev.weft.examples.juc.LatchCountedDownEarly",
                "--cp",
                examples.toString(),
                "--seed",
                "1",
                "--iterations",
                "500",
                "--out",
                "found"),
            1);
    assertThat(found)
        .contains("FOUND assertion")
        .contains("replay with: " + weft + " replay ")
        .doesNotContain("scripts/weft");
    Path finding;
    try (var files = Files.list(elsewhere.resolve("found"))) {
      finding =
          files
              .filter(p -> p.toString().endsWith(".weft") && !p.toString().endsWith(".orig.weft"))
              .findFirst()
              .orElseThrow();
    }
    String replayed = run(elsewhere, List.of(weft.toString(), "replay", finding.toString()), 1);
    assertThat(replayed).contains("REPRODUCED").doesNotContain("scripts/weft");
  }
}
