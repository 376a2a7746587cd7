package dev.weft.trace;

import java.nio.charset.StandardCharsets;

/**
 * 64-bit FNV-1a over strings and ints. Unlike {@code String.hashCode} mixing it is specified here,
 * so keys written by one version of Weft stay meaningful to the next.
 */
public final class StableHash {
  private static final long OFFSET = 0xcbf29ce484222325L;
  private static final long PRIME = 0x100000001b3L;

  private StableHash() {}

  public static long of(String a, String b, int n) {
    long h = OFFSET;
    h = mix(h, a);
    h = mix(h, b);
    return mixInt(h, n);
  }

  public static long mix(long h, String s) {
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= PRIME;
    }
    h ^= 0xff;
    return h * PRIME;
  }

  public static long mixInt(long h, int n) {
    for (int i = 0; i < 4; i++) {
      h ^= (n >>> (8 * i)) & 0xff;
      h *= PRIME;
    }
    return h;
  }

  public static long mixLong(long h, long n) {
    h = mixInt(h, (int) n);
    return mixInt(h, (int) (n >>> 32));
  }
}
