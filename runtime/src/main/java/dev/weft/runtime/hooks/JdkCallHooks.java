package dev.weft.runtime.hooks;

import dev.weft.runtime.control.OwnWork;
import dev.weft.runtime.jdk.JdkCalls;
import dev.weft.runtime.sync.FieldUpdaters;
import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The bootstrap of the {@code invokedynamic} call sites that stand for target calls into JDK
 * collections and atomics ({@link JdkCalls}), and the field updater notes ({@link FieldUpdaters}).
 * Part of the ABI that instrumented code calls: forwarding only, so the hook table stays a plain
 * list of entry points and the behaviour lives in the models.
 */
public final class JdkCallHooks {
  private JdkCallHooks() {}

  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    OwnWork.begin(); // linking a call site is Weft's time, not the program's
    try {
      return JdkCalls.bootstrap(caller, name, type, site);
    } finally {
      OwnWork.end();
    }
  }

  /** The bootstrap of a target subclass's {@code super} call into a watched JDK class. */
  public static CallSite bootstrapSuper(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    OwnWork.begin(); // linking a call site is Weft's time, not the program's
    try {
      return JdkCalls.bootstrapSuper(caller, name, type, site);
    } finally {
      OwnWork.end();
    }
  }

  public static void updaterField(Class<?> holder, String field) {
    FieldUpdaters.updaterField(holder, field);
  }

  public static void updaterCreated(Object updater) {
    FieldUpdaters.updaterCreated(updater);
  }
}
