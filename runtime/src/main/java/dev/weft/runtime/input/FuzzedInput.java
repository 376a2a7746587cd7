package dev.weft.runtime.input;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A run's input bytes, consumed the way Jazzer's {@code FuzzedDataProvider} consumes them, so that
 * a fuzz target written for Jazzer reads the same values from the same bytes under Weft: numbers,
 * booleans and characters come from the end of the data (only as many bytes as the range needs, the
 * last byte the most significant), byte and number arrays and strings from the front, and an
 * exhausted input yields the same fixed values (zero, false, empty) as there. It also keeps what
 * the target consumed, in order, so that a finding's report can show the values rather than the
 * bytes.
 */
public final class FuzzedInput {
  /** Consumed values kept for the report, at most. */
  static final int MAX_LOGGED = 200;

  private final byte[] data;
  private int front;
  private int remaining;
  private final List<String> consumed = new ArrayList<>();
  private int unlogged;

  public FuzzedInput(byte[] data) {
    this.data = data.clone();
    this.remaining = data.length;
  }

  /** The whole input, consumed or not. */
  public byte[] bytes() {
    return data.clone();
  }

  /** What the target consumed, in order ({@code consumeInt(0, 9) = 7}). */
  public List<String> consumed() {
    List<String> out = new ArrayList<>(consumed);
    if (unlogged > 0) {
      out.add("... and " + unlogged + " more");
    }
    return out;
  }

  private <T> T log(String call, T value) {
    if (consumed.size() < MAX_LOGGED) {
      consumed.add(call + " = " + show(value));
    } else {
      unlogged++;
    }
    return value;
  }

  private static String show(Object value) {
    if (value instanceof String s) {
      return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    if (value instanceof Character c) {
      return "'" + c + "' (" + (int) c + ")";
    }
    if (value instanceof byte[] a) {
      return Arrays.toString(a);
    }
    if (value instanceof boolean[] a) {
      return Arrays.toString(a);
    }
    if (value instanceof short[] a) {
      return Arrays.toString(a);
    }
    if (value instanceof int[] a) {
      return Arrays.toString(a);
    }
    if (value instanceof long[] a) {
      return Arrays.toString(a);
    }
    return String.valueOf(value);
  }

  public int remainingBytes() {
    return remaining;
  }

  /**
   * An unsigned value of up to {@code bytes} bytes for the range {@code [0, range]} (range read as
   * unsigned): bytes are taken from the end while the range needs them, the first one taken the
   * most significant; modulo {@code range + 1} unless the range is the type's whole span.
   */
  private long integral(long range, int bytes, boolean fullSpan) {
    long result = 0;
    int offset = 0;
    while (offset < 8 * bytes && (range >>> offset) != 0 && remaining != 0) {
      remaining--;
      result = (result << 8) | (data[front + remaining] & 0xFF);
      offset += 8;
    }
    if (!fullSpan) {
      result = Long.remainderUnsigned(result, range + 1);
    }
    return result;
  }

  /**
   * A value in {@code [min, max]} of a type of {@code bytes} bytes whose largest value is {@code
   * typeMax}: as Jazzer, no modulo when the range equals that largest value.
   */
  private long inRange(long min, long max, int bytes, long typeMax) {
    if (min > max) {
      throw new IllegalArgumentException("min must be <= max (got " + min + " > " + max + ")");
    }
    long range = max - min; // as an unsigned 64-bit difference, like Jazzer's
    return min + integral(range, bytes, range == typeMax);
  }

  private long unsigned(int bytes) {
    long mask = bytes == 8 ? -1L : (1L << (8 * bytes)) - 1;
    return integral(mask, bytes, true);
  }

  public boolean consumeBoolean() {
    return log("consumeBoolean()", (unsigned(1) & 1) == 1);
  }

  public byte consumeByte() {
    return log("consumeByte()", (byte) unsigned(1));
  }

  public byte consumeByte(byte min, byte max) {
    return log(
        "consumeByte(" + min + ", " + max + ")", (byte) inRange(min, max, 1, Byte.MAX_VALUE));
  }

  public short consumeShort() {
    return log("consumeShort()", (short) unsigned(2));
  }

  public short consumeShort(short min, short max) {
    return log(
        "consumeShort(" + min + ", " + max + ")", (short) inRange(min, max, 2, Short.MAX_VALUE));
  }

  public int consumeInt() {
    return log("consumeInt()", (int) unsigned(4));
  }

  public int consumeInt(int min, int max) {
    return log(
        "consumeInt(" + min + ", " + max + ")", (int) inRange(min, max, 4, Integer.MAX_VALUE));
  }

  public long consumeLong() {
    return log("consumeLong()", unsigned(8));
  }

  public long consumeLong(long min, long max) {
    return log("consumeLong(" + min + ", " + max + ")", inRange(min, max, 8, Long.MAX_VALUE));
  }

  public char consumeChar() {
    return log("consumeChar()", (char) unsigned(2));
  }

  public char consumeChar(char min, char max) {
    return log(
        "consumeChar(" + (int) min + ", " + (int) max + ")",
        (char) inRange(min, max, 2, Character.MAX_VALUE));
  }

  public char consumeCharNoSurrogates() {
    char c = (char) unsigned(2);
    if (c >= 0xd800 && c < 0xe000) {
      c -= 0xd800;
    }
    return log("consumeCharNoSurrogates()", c);
  }

  private double probability(int bytes) {
    long raw = unsigned(bytes);
    return bytes == 4
        ? (double) (float) ((float) (raw & 0xFFFFFFFFL) / (float) 0xFFFFFFFFL)
        : unsignedToDouble(raw) / unsignedToDouble(-1L);
  }

  private static double unsignedToDouble(long v) {
    double d = (double) (v >>> 1) * 2.0;
    return d + (v & 1);
  }

  public float consumeProbabilityFloat() {
    return log("consumeProbabilityFloat()", (float) probability(4));
  }

  public double consumeProbabilityDouble() {
    return log("consumeProbabilityDouble()", probability(8));
  }

  private double floatInRange(double min, double max, boolean single) {
    if (min > max) {
      throw new IllegalArgumentException("min must be <= max (got " + min + " > " + max + ")");
    }
    double largest = single ? Float.MAX_VALUE : Double.MAX_VALUE;
    double range;
    double result = min;
    if (min < 0 && max > 0 && min + largest < max) {
      range = (max / 2) - (min / 2);
      if ((unsigned(1) & 1) == 1) {
        result += range;
      }
    } else {
      range = max - min;
    }
    double p = probability(single ? 4 : 8);
    return result + range * p;
  }

  public float consumeRegularFloat(float min, float max) {
    return log(
        "consumeRegularFloat(" + min + ", " + max + ")", (float) floatInRange(min, max, true));
  }

  public float consumeRegularFloat() {
    return log(
        "consumeRegularFloat()", (float) floatInRange(-Float.MAX_VALUE, Float.MAX_VALUE, true));
  }

  public double consumeRegularDouble(double min, double max) {
    return log("consumeRegularDouble(" + min + ", " + max + ")", floatInRange(min, max, false));
  }

  public double consumeRegularDouble() {
    return log("consumeRegularDouble()", floatInRange(-Double.MAX_VALUE, Double.MAX_VALUE, false));
  }

  public float consumeFloat() {
    return log("consumeFloat()", (float) special(true));
  }

  public double consumeDouble() {
    return log("consumeDouble()", special(false));
  }

  /** Jazzer's {@code consumeFloat/Double}: one byte picks a special value or a regular one. */
  private double special(boolean single) {
    if (remaining == 0) {
      return 0.0;
    }
    int type = (int) unsigned(1);
    double largest = single ? Float.MAX_VALUE : Double.MAX_VALUE;
    double regular = floatInRange(-largest, largest, single);
    return switch (type) {
      case 0 -> 0.0;
      case 1 -> -0.0;
      case 2 -> Double.POSITIVE_INFINITY;
      case 3 -> Double.NEGATIVE_INFINITY;
      case 4 -> Double.NaN;
      case 5 -> single ? Float.MIN_VALUE : Double.MIN_VALUE;
      case 6 -> single ? -Float.MIN_VALUE : -Double.MIN_VALUE;
      case 7 -> single ? Float.MIN_NORMAL : Double.MIN_NORMAL;
      case 8 -> single ? -Float.MIN_NORMAL : -Double.MIN_NORMAL;
      case 9 -> largest;
      case 10 -> -largest;
      default -> regular;
    };
  }

  /** {@code count} elements of {@code size} bytes each from the front, in little-endian order. */
  private long[] frontElements(int maxLength, int size) {
    if (maxLength < 0) {
      throw new IllegalArgumentException("maxLength must not be negative");
    }
    int count = (int) Math.min((long) maxLength, remaining / size);
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      long v = 0;
      for (int b = size - 1; b >= 0; b--) {
        v = (v << 8) | (data[front + i * size + b] & 0xFF);
      }
      out[i] = v;
    }
    front += count * size;
    remaining -= count * size;
    return out;
  }

  public byte[] consumeBytes(int maxLength) {
    long[] raw = frontElements(maxLength, 1);
    byte[] out = new byte[raw.length];
    for (int i = 0; i < raw.length; i++) {
      out[i] = (byte) raw[i];
    }
    return log("consumeBytes(" + maxLength + ")", out);
  }

  public byte[] consumeRemainingAsBytes() {
    byte[] out = Arrays.copyOfRange(data, front, front + remaining);
    front += remaining;
    remaining = 0;
    return log("consumeRemainingAsBytes()", out);
  }

  public boolean[] consumeBooleans(int maxLength) {
    long[] raw = frontElements(maxLength, 1);
    boolean[] out = new boolean[raw.length];
    for (int i = 0; i < raw.length; i++) {
      out[i] = raw[i] != 0;
    }
    return log("consumeBooleans(" + maxLength + ")", out);
  }

  public short[] consumeShorts(int maxLength) {
    long[] raw = frontElements(maxLength, 2);
    short[] out = new short[raw.length];
    for (int i = 0; i < raw.length; i++) {
      out[i] = (short) raw[i];
    }
    return log("consumeShorts(" + maxLength + ")", out);
  }

  public int[] consumeInts(int maxLength) {
    long[] raw = frontElements(maxLength, 4);
    int[] out = new int[raw.length];
    for (int i = 0; i < raw.length; i++) {
      out[i] = (int) raw[i];
    }
    return log("consumeInts(" + maxLength + ")", out);
  }

  public long[] consumeLongs(int maxLength) {
    return log("consumeLongs(" + maxLength + ")", frontElements(maxLength, 8));
  }

  public String consumeString(int maxLength) {
    return log("consumeString(" + maxLength + ")", string(maxLength, false, true));
  }

  public String consumeAsciiString(int maxLength) {
    return log("consumeAsciiString(" + maxLength + ")", string(maxLength, true, true));
  }

  public String consumeRemainingAsString() {
    return log("consumeRemainingAsString()", string(Integer.MAX_VALUE, false, false));
  }

  public String consumeRemainingAsAsciiString() {
    return log("consumeRemainingAsAsciiString()", string(Integer.MAX_VALUE, true, false));
  }

  private String string(int maxLength, boolean ascii, boolean stopOnBackslash) {
    if (maxLength < 0) {
      throw new IllegalArgumentException("maxLength must not be negative");
    }
    if (maxLength == 0 || remaining == 0) {
      return "";
    }
    if (remaining == 1) {
      remaining = 0;
      front++;
      return "";
    }
    ModifiedUtf8.Result r =
        ModifiedUtf8.fixUp(data, front, remaining, maxLength, ascii, stopOnBackslash);
    front += r.consumed();
    remaining -= r.consumed();
    return r.text();
  }
}
