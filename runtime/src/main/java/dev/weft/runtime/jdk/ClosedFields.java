package dev.weft.runtime.jdk;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * Fields of JDK classes that are not open to Weft (a synchronized wrapper's mutex, a {@code
 * TimerTask}'s state): reflection on them would need {@code --add-opens}, so they are read and
 * written through {@link Unsafe}, which {@code jdk.unsupported} still offers for this.
 */
final class ClosedFields {
  /** Null when this JDK does not offer it; callers then leave the field alone. */
  static final Unsafe UNSAFE = unsafe();

  private ClosedFields() {}

  /** The offset of {@code owner}'s own field {@code name}, for {@link #UNSAFE}'s accessors. */
  @SuppressWarnings("deprecation") // objectFieldOffset: no supported way to reach a closed field
  static long offset(Class<?> owner, String name) throws NoSuchFieldException {
    if (UNSAFE == null) {
      throw new IllegalStateException("sun.misc.Unsafe is not available");
    }
    return UNSAFE.objectFieldOffset(owner.getDeclaredField(name));
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
