package dev.weft.runtime.jdk.handles;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.jdk.AccessKinds;
import dev.weft.trace.EventKind;
import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Field and array accesses of target code through {@code sun.misc.Unsafe} ({@code getIntVolatile},
 * {@code putOrderedLong}, {@code compareAndSwapObject}, {@code getAndAddInt}...), made scheduling
 * points like plain accesses: older libraries build their atomics on them. The instrumentation
 * turns each such call into an {@code invokedynamic} whose bootstrap is here; the call site takes
 * the point at the location of the {@code (object, offset)} address ({@link UnsafeOffsets}), then
 * makes the call, with no switch between the two.
 */
public final class UnsafeCalls {
  private static final MethodHandle ENTER;

  static {
    try {
      ENTER =
          MethodHandles.lookup()
              .findStatic(
                  UnsafeCalls.class,
                  "enter",
                  MethodType.methodType(
                      int.class,
                      Object.class,
                      Object.class,
                      long.class,
                      MethodHandle.class,
                      MethodHandle.class,
                      int.class,
                      int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private UnsafeCalls() {}

  /**
   * Bootstrap of every {@code Unsafe} access. {@code type} is the call's type with the unsafe
   * first, then the object and the offset; {@code site} is the site id of the call.
   */
  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    Class<?> owner = type.parameterType(0);
    MethodHandle call = caller.findVirtual(owner, name, type.dropParameterTypes(0, 1));
    MethodType layout = MethodType.methodType(int.class, Object.class, Class.class);
    MethodHandle base =
        caller
            .findVirtual(owner, "arrayBaseOffset", layout.dropParameterTypes(0, 1))
            .asType(layout);
    MethodHandle scale =
        caller
            .findVirtual(owner, "arrayIndexScale", layout.dropParameterTypes(0, 1))
            .asType(layout);
    int kind = kindOf(name);
    boolean cas = kind == AccessKinds.CAS;
    MethodHandle enter =
        MethodHandles.insertArguments(
                ENTER, 3, base, scale, cas ? EventKind.UPDATE.ordinal() : kind, site)
            .asType(MethodType.methodType(int.class, owner, Object.class, long.class));
    MethodHandle core = MethodHandles.dropArguments(call, 0, int.class);
    if (cas && type.returnType() == boolean.class) {
      core = DirectAccesses.correctingFailure(core);
    }
    return new ConstantCallSite(MethodHandles.foldArguments(core, 0, enter));
  }

  /** {@code compareAndSwapX} is a compare-and-set; {@code putX} a write; otherwise by name. */
  private static int kindOf(String name) {
    if (name.startsWith("compareAndSwap")) {
      return AccessKinds.CAS;
    }
    return name.startsWith("put") ? EventKind.WRITE.ordinal() : AccessKinds.of(name);
  }

  static int enter(
      Object unsafe,
      Object o,
      long offset,
      MethodHandle base,
      MethodHandle scale,
      int kind,
      int site) {
    ControlledThread t = unsafe != null ? ActiveRun.self() : null;
    if (t == null) {
      return DirectAccesses.NO_EVENT;
    }
    long location = UnsafeOffsets.location(t.scheduler(), unsafe, o, offset, base, scale, site);
    return DirectAccesses.point(t, location, kind, site);
  }
}
