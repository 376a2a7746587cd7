package dev.weft.runtime.hooks;

import dev.weft.runtime.control.OwnWork;
import dev.weft.runtime.jdk.handles.VarHandleCalls;
import dev.weft.runtime.jdk.handles.VarHandles;
import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;

/**
 * The bootstrap of the {@code invokedynamic} call sites that stand for {@code VarHandle} accesses
 * ({@link VarHandleCalls}), and the handle factories of target code ({@link VarHandles}). Part of
 * the ABI that instrumented code calls: forwarding only, so the hook table stays a plain list of
 * entry points and the behaviour lives in the models.
 */
public final class VarHandleHooks {
  private VarHandleHooks() {}

  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site) {
    OwnWork.begin(); // linking a call site is Weft's time, not the program's
    try {
      return VarHandleCalls.bootstrap(caller, name, type, site);
    } finally {
      OwnWork.end();
    }
  }

  public static VarHandle findVarHandle(
      MethodHandles.Lookup lookup, Class<?> recv, String name, Class<?> type)
      throws ReflectiveOperationException {
    return VarHandles.findVarHandle(lookup, recv, name, type);
  }

  public static VarHandle findStaticVarHandle(
      MethodHandles.Lookup lookup, Class<?> decl, String name, Class<?> type)
      throws ReflectiveOperationException {
    return VarHandles.findStaticVarHandle(lookup, decl, name, type);
  }

  public static VarHandle unreflectVarHandle(MethodHandles.Lookup lookup, Field field)
      throws IllegalAccessException {
    return VarHandles.unreflectVarHandle(lookup, field);
  }

  public static VarHandle derived(VarHandle original, VarHandle derived) {
    return VarHandles.derived(original, derived);
  }
}
