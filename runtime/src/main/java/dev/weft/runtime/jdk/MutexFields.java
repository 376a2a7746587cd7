package dev.weft.runtime.jdk;

import sun.misc.Unsafe;

/**
 * Reads the {@code mutex} of a {@code Collections.synchronized*} wrapper ({@link ClosedFields}).
 */
final class MutexFields {
  private static final Unsafe UNSAFE = ClosedFields.UNSAFE;

  private MutexFields() {}

  /** The offset of the {@code mutex} field of the wrapper class or its superclasses, or null. */
  static Long find(Class<?> wrapper) {
    if (UNSAFE == null) {
      return null;
    }
    for (Class<?> c = wrapper; c != null; c = c.getSuperclass()) {
      try {
        return c.getDeclaredField("mutex").getType() == Object.class
            ? ClosedFields.offset(c, "mutex")
            : null;
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    return null;
  }

  static Object read(Object wrapper, long offset) {
    return UNSAFE.getObject(wrapper, offset);
  }
}
