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
import java.lang.invoke.VarHandle;

/**
 * Accesses of target code through a {@code VarHandle}, made scheduling points like plain field and
 * array accesses. A handle access is a signature-polymorphic call whose operands are already on the
 * stack, so the instrumentation turns it into an {@code invokedynamic} whose bootstrap is here; the
 * call site first takes the point at the variable the handle stands for ({@link VarHandles}), then
 * invokes the handle with the same access mode and types, with no switch between the two.
 */
public final class VarHandleCalls {
  /** The index of an access whose index coordinate is not an {@code int} on the call site. */
  static final int UNKNOWN_INDEX = Integer.MIN_VALUE;

  private static final MethodHandle ENTER_HANDLE;
  private static final MethodHandle ENTER_OBJECT;
  private static final MethodHandle ENTER_INDEXED;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      MethodType enter = MethodType.methodType(int.class, VarHandle.class, int.class, int.class);
      ENTER_HANDLE = l.findStatic(VarHandleCalls.class, "enterHandle", enter);
      ENTER_OBJECT =
          l.findStatic(
              VarHandleCalls.class, "enterObject", enter.insertParameterTypes(1, Object.class));
      ENTER_INDEXED =
          l.findStatic(
              VarHandleCalls.class,
              "enterIndexed",
              enter.insertParameterTypes(1, Object.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private VarHandleCalls() {}

  /**
   * Bootstrap of every handle access. {@code name} is the access mode's method name, {@code type}
   * the call's symbolic type with the handle first, {@code site} the site id of the call.
   */
  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site) {
    VarHandle.AccessMode mode = VarHandle.AccessMode.valueFromMethodName(name);
    MethodType access = type.dropParameterTypes(0, 1);
    // behaves as the invokevirtual did: adapts types, or throws for an exact-behaviour handle
    MethodHandle invoke = MethodHandles.varHandleInvoker(mode, access);
    int kind = AccessKinds.of(name);
    int coordinates = access.parameterCount() - valueCount(name, kind);
    int eventKind = kind == AccessKinds.CAS ? EventKind.UPDATE.ordinal() : kind;
    MethodHandle core = MethodHandles.dropArguments(invoke, 0, int.class);
    if (kind == AccessKinds.CAS && type.returnType() == boolean.class) {
      core = DirectAccesses.correctingFailure(core);
    }
    MethodHandle enter = enterFor(type, coordinates, eventKind, site);
    return new ConstantCallSite(MethodHandles.foldArguments(core, 0, enter));
  }

  /** Values an access mode takes after the coordinates: expected and new for compare-and-X. */
  private static int valueCount(String name, int kind) {
    if (kind == AccessKinds.CAS || name.startsWith("compareAndExchange")) {
      return 2;
    }
    return kind == EventKind.READ.ordinal() ? 0 : 1;
  }

  /** Takes the handle and as many of the coordinates as the location needs. */
  private static MethodHandle enterFor(MethodType type, int coordinates, int kind, int site) {
    if (coordinates >= 1 && !type.parameterType(1).isPrimitive()) {
      Class<?> first = type.parameterType(1);
      if (coordinates >= 2 && isIntLike(type.parameterType(2))) {
        return MethodHandles.insertArguments(ENTER_INDEXED, 3, kind, site)
            .asType(
                MethodType.methodType(int.class, VarHandle.class, first, type.parameterType(2)));
      }
      return MethodHandles.insertArguments(ENTER_OBJECT, 2, kind, site)
          .asType(MethodType.methodType(int.class, VarHandle.class, first));
    }
    return MethodHandles.insertArguments(ENTER_HANDLE, 1, kind, site);
  }

  private static boolean isIntLike(Class<?> c) {
    return c == int.class || c == short.class || c == char.class || c == byte.class;
  }

  static int enterHandle(VarHandle handle, int kind, int site) {
    return enter(handle, null, UNKNOWN_INDEX, kind, site);
  }

  static int enterObject(VarHandle handle, Object coordinate, int kind, int site) {
    return enter(handle, coordinate, UNKNOWN_INDEX, kind, site);
  }

  static int enterIndexed(VarHandle handle, Object coordinate, int index, int kind, int site) {
    return enter(handle, coordinate, index, kind, site);
  }

  /** The point before the access; returns its event, or {@link DirectAccesses#NO_EVENT}. */
  private static int enter(VarHandle handle, Object coordinate, int index, int kind, int site) {
    if (handle == null) {
      return DirectAccesses.NO_EVENT; // the invocation throws, as the JVM's would
    }
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return DirectAccesses.NO_EVENT;
    }
    long location = VarHandles.location(t.scheduler(), handle, coordinate, index, site);
    return DirectAccesses.point(t, location, kind, site);
  }
}
