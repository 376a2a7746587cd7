package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.junit4.InventoryTest;
import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code weft run --test} on a JUnit 4 test method: its {@code @Before} runs in every run. */
class WeftJunit4Test extends CliTestSupport {
  @Test
  void aJunit4RaceIsFoundWithTheStateItsBeforeSetUp() throws Exception {
    String junit4 =
        Path.of(org.junit.Test.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString();
    Path out = dir.resolve("junit4");
    int code =
        WeftCli.execute(
            "run",
            "--test",
            InventoryTest.class.getName() + "#twoPickersTakeOneEach",
            "--cp",
            targets() + File.pathSeparator + junit4,
            "--seed",
            "1",
            "--iterations",
            "500",
            "--out",
            out.toString());
    assertThat(code).as(stdout() + stderr()).isEqualTo(WeftCli.FOUND);
    // @Before stocked 10 inside the run: one lost take leaves 9 (without it, the stock was 0)
    assertThat(report(findingFile(out)))
        .contains("stock after two picks from the shelf of 10 expected:<8> but was:<9>")
        .containsPattern("step +main +first-picker +second-picker");
  }
}
