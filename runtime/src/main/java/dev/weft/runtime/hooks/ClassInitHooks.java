package dev.weft.runtime.hooks;

import dev.weft.runtime.statics.ClassInits;

/**
 * Per-run class initialisation of target classes whose statics are reset ({@link ClassInits}). Part
 * of the ABI that instrumented code calls: forwarding only.
 */
public final class ClassInitHooks {
  private ClassInitHooks() {}

  public static void ensure(Class<?> type) {
    ClassInits.ensure(type);
  }
}
