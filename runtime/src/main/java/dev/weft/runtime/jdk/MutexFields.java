package dev.weft.runtime.jdk;

/**
 * Reads the {@code mutex} of a {@code Collections.synchronized*} wrapper ({@link ClosedFields}).
 */
final class MutexFields {
  private MutexFields() {}

  /** The {@code mutex} field of the wrapper class or its superclasses, or null. */
  static ClosedField find(Class<?> wrapper) {
    for (Class<?> c = wrapper; c != null; c = c.getSuperclass()) {
      try {
        return c.getDeclaredField("mutex").getType() == Object.class
            ? ClosedFields.field(c, "mutex")
            : null;
      } catch (NoSuchFieldException e) {
        // declared higher up
      } catch (RuntimeException e) {
        return null;
      }
    }
    return null;
  }

  static Object read(Object wrapper, ClosedField mutex) {
    return mutex.get(wrapper);
  }
}
