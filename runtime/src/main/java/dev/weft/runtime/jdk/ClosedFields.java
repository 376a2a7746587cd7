package dev.weft.runtime.jdk;

import dev.weft.runtime.carrier.OpenPackages;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * Fields of JDK classes that are not open to Weft (a synchronized wrapper's mutex, a {@code
 * TimerTask}'s state). {@link OpenPackages} opens their package to Weft's own module and the field
 * is then used through a {@code VarHandle}; without an agent they are reached through {@link
 * Unsafe}, which {@code jdk.unsupported} still offers but JDK 24 and later warn about.
 */
final class ClosedFields {
  private ClosedFields() {}

  /** {@code owner}'s own field {@code name}. */
  static ClosedField field(Class<?> owner, String name) throws NoSuchFieldException {
    Field f = owner.getDeclaredField(name);
    if (OpenPackages.openToWeft(owner)) {
      try {
        return new ClosedField(
            MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).unreflectVarHandle(f), -1);
      } catch (IllegalAccessException | RuntimeException e) {
        // fall through to Unsafe
      }
    }
    if (UnsafeHolder.UNSAFE == null) {
      throw new IllegalStateException("neither the agent nor sun.misc.Unsafe is available");
    }
    return new ClosedField(null, UnsafeHolder.offset(f));
  }

  /** Loaded only when a field must be reached without the agent. */
  static final class UnsafeHolder {
    static final Unsafe UNSAFE = unsafe();

    private UnsafeHolder() {}

    @SuppressWarnings("deprecation") // objectFieldOffset: no supported way to reach a closed field
    static long offset(Field f) {
      return UNSAFE.objectFieldOffset(f);
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
}
