package dev.weft.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

class WeftJvmTest {
  private final WeftJvm jvm =
      new WeftJvm(
          Path.of("/jdk/bin/java"),
          List.of(Path.of("/r/weft-fuzzer-core.jar"), Path.of("/r/byte-buddy-agent-1.18.jar")),
          Path.of("/r/byte-buddy-agent-1.18.jar"),
          List.of("-Xmx2g"),
          new SystemStreamLog());

  @Test
  void runsWeftsMainOnWeftsJarsWithTheUsersOptions() {
    List<String> cmd = jvm.command(List.of("status", "/p/target/weft/a.T#m"));

    assertThat(cmd.get(0)).isEqualTo("/jdk/bin/java");
    assertThat(cmd)
        .containsSequence(
            "-Xmx2g",
            "-cp",
            "/r/weft-fuzzer-core.jar" + File.pathSeparator + "/r/byte-buddy-agent-1.18.jar",
            WeftJvm.MAIN,
            "status",
            "/p/target/weft/a.T#m")
        .contains("-Djdk.attach.allowAttachSelf=true");
  }

  @Test
  void byteBuddysAgentIsGivenAtStartUpSoWeftNeedNotAttachToItself() {
    List<String> cmd = jvm.command(List.of("fuzz"));

    assertThat(cmd).contains("-javaagent:/r/byte-buddy-agent-1.18.jar");
    assertThat(cmd.indexOf("-javaagent:/r/byte-buddy-agent-1.18.jar"))
        .isLessThan(cmd.indexOf(WeftJvm.MAIN));
  }

  @Test
  void theJvmEndsItselfWhenMavenIsGone() {
    assertThat(jvm.command(List.of()))
        .contains("-D" + WeftJvm.PARENT_PID + "=" + ProcessHandle.current().pid());
  }

  @Test
  void theJavaIsTheOneMavenRunsOn() {
    assertThat(WeftJvm.currentJava())
        .isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java"))
        .exists();
  }
}
