package dev.weft.runtime.hooks;

import dev.weft.runtime.control.OwnWork;
import dev.weft.runtime.jdk.handles.UnsafeCalls;
import dev.weft.runtime.jdk.handles.UnsafeOffsets;
import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * The bootstrap of the {@code invokedynamic} call sites that stand for {@code sun.misc.Unsafe}
 * accesses ({@link UnsafeCalls}), and the field offset notes ({@link UnsafeOffsets}). Part of the
 * ABI that instrumented code calls: forwarding only, so the hook table stays a plain list of entry
 * points and the behaviour lives in the models.
 */
public final class UnsafeHooks {
  private UnsafeHooks() {}

  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    OwnWork.begin(); // linking a call site is Weft's time, not the program's
    try {
      return UnsafeCalls.bootstrap(caller, name, type, site);
    } finally {
      OwnWork.end();
    }
  }

  public static long fieldOffset(Field field, long offset) {
    return UnsafeOffsets.fieldOffset(field, offset);
  }
}
