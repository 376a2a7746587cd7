package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JDK mode a command runs with when {@code --jdk} is not given, and how it is recorded. */
class JdkChoiceTest {
  private final String pinned = System.getProperty("weft.jdk.default");

  @AfterEach
  void restore() {
    if (pinned == null) {
      System.clearProperty("weft.jdk.default");
    } else {
      System.setProperty("weft.jdk.default", pinned);
    }
  }

  @Test
  void theDefaultIsTheInstrumentedJdkUnlessAJvmPinsModels() {
    System.clearProperty("weft.jdk.default");
    assertThat(JdkChoice.defaultMode()).isEqualTo(JdkChoice.Mode.instrumented);
    assertThat(new RunCommand().jdk).isEqualTo(JdkChoice.Mode.instrumented);
    System.setProperty("weft.jdk.default", "models");
    assertThat(JdkChoice.defaultMode()).isEqualTo(JdkChoice.Mode.models);
  }

  @Test
  void theChoiceIsOneRecordedJvmOption() {
    assertThat(JdkChoice.apply(List.of("-Xmx1g"), JdkChoice.Mode.instrumented))
        .containsExactly("-Xmx1g", JdkChoice.MARKER);
    assertThat(JdkChoice.apply(List.of(JdkChoice.MARKER, "-Xmx1g"), JdkChoice.Mode.models))
        .containsExactly("-Xmx1g");
    assertThat(JdkChoice.apply(List.of(JdkChoice.MARKER), null)).containsExactly(JdkChoice.MARKER);
  }
}
