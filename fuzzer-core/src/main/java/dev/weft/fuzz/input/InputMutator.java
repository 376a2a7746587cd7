package dev.weft.fuzz.input;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes a new input from a kept one, as AFL's havoc stage does: one to eight stacked mutations,
 * each a bit flip, a random byte, a small addition or subtraction, an "interesting" value (0, -1,
 * the edges of the signed ranges), an insertion or deletion of a few bytes, a copy of a block, a
 * splice with another kept input, or a value a comparison of an earlier run wanted, written over
 * the value it was compared with (in one, two or four bytes, in either byte order) or anywhere. The
 * last is what gets through {@code if (x == 'R')}: a random byte hits it once in 256 tries, the
 * comparison says it at once.
 */
public final class InputMutator {
  private static final byte[] INTERESTING_8 = {0, 1, -1, 16, 32, 64, 100, 127, -128, 0x7f};
  private static final int[] INTERESTING_32 = {
    0,
    1,
    -1,
    255,
    256,
    1024,
    4096,
    32767,
    -32768,
    65535,
    65536,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE
  };

  private final SplittableRandom random;
  private final int maxLength;

  public InputMutator(long seed, int maxLength) {
    this.random = new SplittableRandom(seed);
    this.maxLength = maxLength;
  }

  /**
   * A mutant of {@code base}.
   *
   * @param others other kept inputs, for splicing
   * @param comparisons operand pairs of comparisons runs made ({@link
   *     dev.weft.runtime.input.RunEdges#comparisons()})
   */
  public byte[] mutate(byte[] base, List<byte[]> others, long[] comparisons) {
    byte[] data = base;
    if (comparisons.length > 0 && random.nextInt(3) == 0) {
      // one comparison's wanted value alone: stacked havoc would mostly undo it
      data = comparison(base.clone(), comparisons[random.nextInt(comparisons.length)]);
      return data.length > maxLength ? Arrays.copyOf(data, maxLength) : data;
    }
    int stacked = 1 << random.nextInt(4);
    for (int i = 0; i < stacked; i++) {
      data = once(data, others, comparisons);
    }
    return data.length > maxLength ? Arrays.copyOf(data, maxLength) : data;
  }

  private byte[] once(byte[] data, List<byte[]> others, long[] comparisons) {
    int op = random.nextInt(comparisons.length > 0 ? 12 : 10);
    if (data.length == 0 && op < 4) {
      op = 4; // nothing to change in place: grow
    }
    byte[] d = data.clone();
    switch (op) {
      case 0 -> {
        int bit = random.nextInt(d.length * 8);
        d[bit >> 3] ^= (byte) (1 << (bit & 7));
      }
      case 1 -> d[random.nextInt(d.length)] = (byte) random.nextInt(256);
      case 2 -> {
        int at = random.nextInt(d.length);
        d[at] += (byte) ((random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(35)));
      }
      case 3 -> d[random.nextInt(d.length)] = INTERESTING_8[random.nextInt(INTERESTING_8.length)];
      case 4 -> {
        int n = 1 + random.nextInt(4);
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
          bytes[i] = (byte) random.nextInt(256);
        }
        return insert(d, random.nextInt(d.length + 1), bytes);
      }
      case 5 -> {
        if (d.length == 0) {
          return d;
        }
        int n = 1 + random.nextInt(Math.min(4, d.length));
        int at = random.nextInt(d.length - n + 1);
        return delete(d, at, n);
      }
      case 6 -> {
        if (d.length < 2) {
          return d;
        }
        int n = 1 + random.nextInt(Math.min(8, d.length));
        int from = random.nextInt(d.length - n + 1);
        return insert(d, random.nextInt(d.length + 1), Arrays.copyOfRange(d, from, from + n));
      }
      case 7 -> {
        if (others.isEmpty()) {
          return d;
        }
        byte[] other = others.get(random.nextInt(others.size()));
        int cut = random.nextInt(d.length + 1);
        int otherCut = random.nextInt(other.length + 1);
        byte[] out = Arrays.copyOf(d, cut + other.length - otherCut);
        System.arraycopy(other, otherCut, out, cut, other.length - otherCut);
        return out;
      }
      case 8 -> {
        int width = random.nextBoolean() ? 2 : 4;
        if (d.length < width) {
          return d;
        }
        int value = INTERESTING_32[random.nextInt(INTERESTING_32.length)];
        write(d, random.nextInt(d.length - width + 1), value, width, random.nextBoolean());
      }
      case 9 -> {
        return insert(d, d.length, new byte[] {(byte) random.nextInt(256)});
      }
      default -> {
        return comparison(d, comparisons[random.nextInt(comparisons.length)]);
      }
    }
    return d;
  }

  /**
   * Writes the value a comparison wanted over the value it saw, where the input holds it in some
   * width and byte order; where it holds it nowhere, inserts or writes it at a random place.
   */
  private byte[] comparison(byte[] d, long pair) {
    int seen = (int) (pair >> 32);
    int wanted = (int) pair;
    if (random.nextBoolean()) { // either side may be the input's
      int t = seen;
      seen = wanted;
      wanted = t;
    }
    int width = fits(seen, 1) && fits(wanted, 1) ? 1 : fits(seen, 2) && fits(wanted, 2) ? 2 : 4;
    for (boolean bigEndian : new boolean[] {true, false}) {
      int[] at = occurrences(d, seen, width, bigEndian);
      if (at.length > 0) {
        write(d, at[random.nextInt(at.length)], wanted, width, bigEndian);
        return d;
      }
    }
    boolean bigEndian = random.nextBoolean();
    if (d.length >= width && random.nextBoolean()) {
      write(d, random.nextInt(d.length - width + 1), wanted, width, bigEndian);
      return d;
    }
    byte[] bytes = new byte[width];
    write(bytes, 0, wanted, width, bigEndian);
    return insert(d, random.nextInt(d.length + 1), bytes);
  }

  private static boolean fits(int v, int width) {
    return width == 1 ? v >= -128 && v <= 255 : v >= -32768 && v <= 65535;
  }

  private static int[] occurrences(byte[] d, int value, int width, boolean bigEndian) {
    int[] found = new int[Math.max(0, d.length - width + 1)];
    int n = 0;
    for (int i = 0; i + width <= d.length; i++) {
      if (read(d, i, width, bigEndian) == (value & mask(width))) {
        found[n++] = i;
      }
    }
    return Arrays.copyOf(found, n);
  }

  private static long mask(int width) {
    return width == 4 ? 0xFFFFFFFFL : (1L << (8 * width)) - 1;
  }

  private static long read(byte[] d, int at, int width, boolean bigEndian) {
    long v = 0;
    for (int i = 0; i < width; i++) {
      int b = d[at + (bigEndian ? i : width - 1 - i)] & 0xFF;
      v = (v << 8) | b;
    }
    return v;
  }

  private static void write(byte[] d, int at, int value, int width, boolean bigEndian) {
    for (int i = 0; i < width; i++) {
      int shift = 8 * (width - 1 - i);
      d[at + (bigEndian ? i : width - 1 - i)] = (byte) (value >>> shift);
    }
  }

  private static byte[] insert(byte[] d, int at, byte[] bytes) {
    byte[] out = new byte[d.length + bytes.length];
    System.arraycopy(d, 0, out, 0, at);
    System.arraycopy(bytes, 0, out, at, bytes.length);
    System.arraycopy(d, at, out, at + bytes.length, d.length - at);
    return out;
  }

  private static byte[] delete(byte[] d, int at, int n) {
    byte[] out = new byte[d.length - n];
    System.arraycopy(d, 0, out, 0, at);
    System.arraycopy(d, at + n, out, at, d.length - at - n);
    return out;
  }
}
