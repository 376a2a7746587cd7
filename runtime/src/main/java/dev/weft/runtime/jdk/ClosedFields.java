package dev.weft.runtime.jdk;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import sun.misc.Unsafe;

/**
 * Fields of JDK classes that are not open to Weft (a synchronized wrapper's mutex, a {@code
 * TimerTask}'s state). The launcher agent's {@link Instrumentation} opens their package to Weft's
 * own module (never to the target's), and the field is then used through reflection; without an
 * agent they are reached through {@link Unsafe}, which {@code jdk.unsupported} still offers but JDK
 * 24 and later warn about.
 */
public final class ClosedFields {
  private static volatile Instrumentation instrumentation;

  private ClosedFields() {}

  /** Lets later lookups open packages with the agent's {@code instrumentation} (null: none). */
  public static void open(Instrumentation instrumentation) {
    if (instrumentation != null) {
      ClosedFields.instrumentation = instrumentation;
    }
  }

  /** {@code owner}'s own field {@code name}. */
  static ClosedField field(Class<?> owner, String name) throws NoSuchFieldException {
    Field f = owner.getDeclaredField(name);
    if (openToWeft(owner)) {
      try {
        f.setAccessible(true);
        return new ClosedField(f, -1);
      } catch (RuntimeException e) {
        // fall through to Unsafe
      }
    }
    Unsafe unsafe = UnsafeHolder.UNSAFE;
    if (unsafe == null) {
      throw new IllegalStateException("neither the agent nor sun.misc.Unsafe is available");
    }
    return new ClosedField(null, UnsafeHolder.offset(f));
  }

  private static boolean openToWeft(Class<?> owner) {
    Module weft = ClosedFields.class.getModule();
    Module module = owner.getModule();
    String pkg = owner.getPackageName();
    if (module.isOpen(pkg, weft)) {
      return true;
    }
    Instrumentation inst = instrumentation;
    if (inst == null) {
      return false;
    }
    try {
      inst.redefineModule(
          module, Set.of(), Map.of(), Map.of(pkg, Set.of(weft)), Set.of(), Map.of());
      return module.isOpen(pkg, weft);
    } catch (RuntimeException e) {
      return false;
    }
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
