package dev.weft.runtime.hooks;

import dev.weft.runtime.statics.ClassInits;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Per-run class initialisation of target classes whose statics are reset ({@link ClassInits}). Part
 * of the ABI that instrumented code calls: forwarding only.
 */
public final class ClassInitHooks {
  private ClassInitHooks() {}

  public static void ensure(Class<?> type) {
    ClassInits.ensure(type);
  }

  /** {@code Class.forName(name, initialize, loader)}, initialising the class for this run. */
  public static Class<?> forName(String name, boolean initialize, ClassLoader loader)
      throws ClassNotFoundException {
    Class<?> type = Class.forName(name, initialize, loader);
    if (initialize) {
      ClassInits.ensure(type);
    }
    return type;
  }

  /**
   * A static field about to be read or written by reflection: its class is initialised for this run
   * first.
   */
  public static Field reflectiveAccess(Field field) {
    if (field != null && Modifier.isStatic(field.getModifiers())) {
      ClassInits.ensure(field.getDeclaringClass());
    }
    return field;
  }
}
