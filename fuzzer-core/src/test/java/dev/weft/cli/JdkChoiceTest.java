package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JDK mode a command runs with when {@code --jdk} is not given, and how it is recorded. */
class JdkChoiceTest {
  private final String pinned = System.getProperty("weft.jdk.default");
  private final String cache = System.getProperty("weft.cache");
  @TempDir Path dir;

  @AfterEach
  void restore() {
    restore("weft.jdk.default", pinned);
    restore("weft.cache", cache);
  }

  private static void restore(String property, String value) {
    if (value == null) {
      System.clearProperty(property);
    } else {
      System.setProperty(property, value);
    }
  }

  /**
   * A cache folder that cannot be made (here: under a plain file): the default falls back to the
   * models and says why and what to do; asked for, the instrumented JDK is refused with that.
   */
  @Test
  void anInstrumentedJdkThatCannotBeBuiltFallsBackWhenDefaultedAndIsRefusedWhenAskedFor()
      throws Exception {
    Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
    System.setProperty("weft.cache", file.resolve("weft").toString());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    assertThat(JdkChoice.effective(JdkChoice.Mode.instrumented, false, err))
        .isEqualTo(JdkChoice.Mode.models);
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("cannot build the instrumented JDK")
        .contains("set WEFT_CACHE to a writable folder")
        .contains("Running with --jdk models");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> JdkChoice.effective(JdkChoice.Mode.instrumented, true, err))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("set WEFT_CACHE to a writable folder");
    assertThat(JdkChoice.effective(JdkChoice.Mode.models, true, err))
        .isEqualTo(JdkChoice.Mode.models);
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
