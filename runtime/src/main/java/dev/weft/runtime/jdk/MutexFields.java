package dev.weft.runtime.jdk;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * Reads the {@code mutex} of a {@code Collections.synchronized*} wrapper. {@code java.util} is not
 * open to Weft, so the field is read through {@link Unsafe} (which {@code jdk.unsupported} still
 * offers for this) rather than by reflection that would need {@code --add-opens}.
 */
final class MutexFields {
  private static final Unsafe UNSAFE = unsafe();

  private MutexFields() {}

  /** The offset of the {@code mutex} field of the wrapper class or its superclasses, or null. */
  @SuppressWarnings("deprecation") // objectFieldOffset: no supported way to read a closed field
  static Long find(Class<?> wrapper) {
    if (UNSAFE == null) {
      return null;
    }
    for (Class<?> c = wrapper; c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField("mutex");
        return f.getType() == Object.class ? UNSAFE.objectFieldOffset(f) : null;
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    return null;
  }

  static Object read(Object wrapper, long offset) {
    return UNSAFE.getObject(wrapper, offset);
  }

  private static Unsafe unsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
