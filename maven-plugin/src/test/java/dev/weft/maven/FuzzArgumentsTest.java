package dev.weft.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FuzzArgumentsTest {
  @Test
  void startsOrResumesTheCampaignOfTheTestWithTheProjectsClassPath() {
    List<String> args =
        new FuzzArguments(
                "com.acme.AccountTest#deposits",
                List.of("/p/target/test-classes", "/p/target/classes", "/m2/junit.jar"),
                Path.of("/p/target/weft/com.acme.AccountTest#deposits"))
            .toList();

    assertThat(args)
        .containsExactly(
            "fuzz",
            "--test",
            "com.acme.AccountTest#deposits",
            "--cp",
            String.join(
                File.pathSeparator, "/p/target/test-classes", "/p/target/classes", "/m2/junit.jar"),
            "--corpus",
            "/p/target/weft/com.acme.AccountTest#deposits");
  }

  @Test
  void passesOnlyTheOptionsThatAreSetSoResumedCampaignsKeepTheirRecordedOnes() {
    List<String> args =
        new FuzzArguments("a.T#m", List.of("/c"), Path.of("/d"))
            .option("--time", "10m")
            .option("--iterations", null)
            .option("--seed", 42L)
            .option("--strategy", " ")
            .option("--workers", 2)
            .jvmOptions(List.of("-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"))
            .toList();

    assertThat(args.subList(7, args.size()))
        .containsExactly(
            "--time",
            "10m",
            "--seed",
            "42",
            "--workers",
            "2",
            "--jvm-opt",
            "-Xmx1g",
            "--jvm-opt",
            "--add-opens=java.base/java.lang=ALL-UNNAMED");
  }
}
