package dev.weft.trace;

/**
 * Encoding of memory locations into a {@code long}: the high half is the run-local object number (0
 * for static fields), the low half the field id, the array index, or {@link #LOCK_MEMBER} for the
 * object's monitor. An object is never both an array and an object with fields, so field ids and
 * indices cannot collide.
 */
public final class Locations {
  public static final int LOCK_MEMBER = -1;
  public static final int THREAD_MEMBER = -2;

  /** Member of a location that stands for "the contents" of a JDK object. */
  public static final int CONTENTS_MEMBER = -3;

  public static final long NONE = Long.MIN_VALUE;

  private Locations() {}

  public static long of(int objectNumber, int member) {
    return ((long) objectNumber << 32) | (member & 0xffffffffL);
  }

  public static int objectNumber(long location) {
    return (int) (location >>> 32);
  }

  public static int member(long location) {
    return (int) location;
  }
}
