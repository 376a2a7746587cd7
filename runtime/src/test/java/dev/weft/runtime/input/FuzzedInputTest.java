package dev.weft.runtime.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Weft's data provider hands out what Jazzer's does for the same bytes: numbers from the end, as
 * few bytes as the range needs and the first taken the most significant; arrays and strings from
 * the front; fixed values once the input is used up.
 */
class FuzzedInputTest {
  private static FuzzedInput of(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return new FuzzedInput(b);
  }

  @Test
  void numbersComeFromTheEndTheFirstByteTakenTheMostSignificant() {
    FuzzedInput in = of(1, 2, 3, 4, 5, 6);
    assertThat(in.consumeByte()).isEqualTo((byte) 6);
    assertThat(in.consumeShort()).isEqualTo((short) 0x0504);
    assertThat(in.remainingBytes()).isEqualTo(3);
    assertThat(in.consumeInt()).isEqualTo(0x030201); // only three bytes left
    assertThat(in.remainingBytes()).isZero();
  }

  @Test
  void aRangeTakesOnlyTheBytesItNeedsAndWrapsModuloItsSize() {
    FuzzedInput in = of(0xAA, 0x01, 0x2C, 23);
    assertThat(in.consumeInt(0, 9)).isEqualTo(3); // one byte: 23 % 10
    assertThat(in.consumeInt(100, 400)).isEqualTo(100 + (0x2C01 % 301)); // two bytes
    assertThat(in.consumeBoolean()).isFalse(); // 0xAA & 1
    assertThat(in.remainingBytes()).isZero();
  }

  @Test
  void arraysAndStringsComeFromTheFront() {
    FuzzedInput in = new FuzzedInput("ab\\\\c\\xyz!".getBytes(StandardCharsets.US_ASCII));
    assertThat(in.consumeByte()).isEqualTo((byte) '!');
    assertThat(in.consumeAsciiString(100)).isEqualTo("ab\\c"); // "\\\\" is one, "\\x" ends it
    assertThat(in.consumeBytes(1)).containsExactly('y');
    assertThat(in.consumeRemainingAsBytes()).containsExactly('z');
  }

  @Test
  void littleEndianElementsInArrays() {
    FuzzedInput in = of(1, 0, 0, 0, 2, 0, 0, 0, 9);
    assertThat(in.consumeInts(5)).containsExactly(1, 2);
    assertThat(in.remainingBytes()).isEqualTo(1);
  }

  @Test
  void anExhaustedInputGivesFixedValues() {
    FuzzedInput in = of();
    assertThat(in.consumeInt()).isZero();
    assertThat(in.consumeInt(5, 9)).isEqualTo(5);
    assertThat(in.consumeBoolean()).isFalse();
    assertThat(in.consumeString(10)).isEmpty();
    assertThat(in.consumeBytes(10)).isEmpty();
    assertThat(in.consumeDouble()).isZero();
  }

  @Test
  void invalidUtf8IsRepairedNotDropped() {
    // a lone continuation byte becomes the leading byte of a two-byte character, the next byte its
    // continuation (0xC0 0x82 would encode an ASCII character in two bytes: it is lifted to 0xC2)
    FuzzedInput in = of(0x41, 0x80, 0x42, 0x43);
    assertThat(in.consumeRemainingAsString()).isEqualTo("A\u0082C");
  }

  @Test
  void theConsumedValuesAreKeptForTheReport() {
    FuzzedInput in = of(7, 'R');
    in.consumeByte();
    in.consumeInt(0, 9);
    assertThat(in.consumed()).containsExactly("consumeByte() = 82", "consumeInt(0, 9) = 7");
  }

  @Test
  void anEmptyRangeIsRefusedAsJazzerDoes() {
    assertThatThrownBy(() -> of(1).consumeInt(5, 4)).isInstanceOf(IllegalArgumentException.class);
  }
}
