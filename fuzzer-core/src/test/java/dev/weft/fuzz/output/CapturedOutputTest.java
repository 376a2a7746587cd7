package dev.weft.fuzz.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CapturedOutputTest {
  private static void print(CapturedOutput out, String text) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    out.write(b, 0, b.length);
  }

  @Test
  void keepsShortOutputWhole() {
    CapturedOutput out = new CapturedOutput(StandardCharsets.UTF_8, 8);
    assertThat(out.isEmpty()).isTrue();
    print(out, "one\n");
    print(out, "two\n");
    assertThat(out.text()).isEqualTo("one\ntwo\n");
    assertThat(out.bytes()).isEqualTo(8);
  }

  @Test
  void keepsTheBeginningAndTheEndOfLongOutputAndSaysHowMuchIsLeftOut() {
    CapturedOutput out = new CapturedOutput(StandardCharsets.UTF_8, 10);
    String first = "x".repeat(CapturedOutput.KEEP_HEAD);
    print(out, first);
    for (int i = 0; i < 1000; i++) {
      print(out, "line " + i + "\n");
    }
    String text = out.text();
    assertThat(text).startsWith(first + "\n[... ");
    long dropped = out.bytes() - CapturedOutput.KEEP_HEAD - 10;
    assertThat(text).contains(String.format("[... %,d bytes of output not kept ...]", dropped));
    assertThat(text).endsWith("\nline 999\n");
  }
}
