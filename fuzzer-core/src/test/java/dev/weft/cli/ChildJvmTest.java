package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChildJvmTest {
  private static final String ALLOW = "-XX:+EnableDynamicAgentLoading";

  /** A child on JDK 21+ attaches Weft's agent to itself without the JVM's warning. */
  @Test
  void aChildOnJdk21OrLaterMayLoadTheAgentWithoutAWarning() {
    assertThat(ChildJvm.agentLoading(21, List.of("/usr/bin/java", "-Xss4m")))
        .containsExactly(ALLOW);
    assertThat(ChildJvm.agentLoading(25, List.of("/usr/bin/java"))).containsExactly(ALLOW);
  }

  /** JDK 17 does not know the option and would not start with it. */
  @Test
  void aChildOnJdk17GetsNoOptionItDoesNotKnow() {
    assertThat(ChildJvm.agentLoading(17, List.of("/usr/bin/java"))).isEmpty();
  }

  /** A parent started with the option passes it on already. */
  @Test
  void theOptionIsGivenOnce() {
    assertThat(ChildJvm.agentLoading(25, List.of("/usr/bin/java", ALLOW))).isEmpty();
    assertThat(ChildJvm.command(List.of(), List.of("run")).stream().filter(ALLOW::equals).count())
        .isEqualTo(Runtime.version().feature() >= 21 ? 1 : 0);
  }
}
