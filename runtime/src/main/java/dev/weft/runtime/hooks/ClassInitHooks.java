package dev.weft.runtime.hooks;

import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.statics.ClassInits;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
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

  /**
   * A field about to be written by reflection: a static's class is initialised for this run first,
   * and a static final that the rewrite made assignable is refused, as the JVM refuses to set any
   * static final by reflection.
   */
  public static Field reflectiveWrite(Field field) throws IllegalAccessException {
    reflectiveAccess(field);
    if (field != null
        && Modifier.isStatic(field.getModifiers())
        && TargetClassLoader.strippedFinal(field)) {
      throw new IllegalAccessException(
          "Can not set static final "
              + field.getType().getName()
              + " field "
              + field.getDeclaringClass().getName()
              + "."
              + field.getName());
    }
    return field;
  }

  /**
   * {@code field.getModifiers()}: a static final that the rewrite made assignable (its initialiser
   * sets it again every run) is reported final, as written.
   */
  public static int modifiers(Field field) {
    int modifiers = field.getModifiers();
    if ((modifiers & (Modifier.STATIC | Modifier.FINAL)) == Modifier.STATIC
        && TargetClassLoader.strippedFinal(field)) {
      modifiers |= Modifier.FINAL;
    }
    return modifiers;
  }

  /** {@code member.getModifiers()}, as {@link #modifiers(Field)} for a field. */
  public static int modifiers(Member member) {
    return member instanceof Field field ? modifiers(field) : member.getModifiers();
  }

  /**
   * {@code lookup.findStaticGetter}: the class is initialised for this run when the handle is made,
   * not when it is first used as on the JVM (a handle does not pass through rewritten code).
   */
  public static MethodHandle findStaticGetter(
      MethodHandles.Lookup lookup, Class<?> refc, String name, Class<?> type)
      throws NoSuchFieldException, IllegalAccessException {
    return initialised(lookup.findStaticGetter(refc, name, type), refc);
  }

  /** {@code lookup.findStaticSetter}, initialising the class as {@link #findStaticGetter} does. */
  public static MethodHandle findStaticSetter(
      MethodHandles.Lookup lookup, Class<?> refc, String name, Class<?> type)
      throws NoSuchFieldException, IllegalAccessException {
    return initialised(lookup.findStaticSetter(refc, name, type), refc);
  }

  /**
   * {@code lookup.findStaticVarHandle}, initialising the class as {@link #findStaticGetter} does.
   */
  public static VarHandle findStaticVarHandle(
      MethodHandles.Lookup lookup, Class<?> decl, String name, Class<?> type)
      throws NoSuchFieldException, IllegalAccessException {
    return initialised(lookup.findStaticVarHandle(decl, name, type), decl);
  }

  /** {@code lookup.ensureInitialized}: initialised for this run too. */
  public static Class<?> ensureInitialized(MethodHandles.Lookup lookup, Class<?> target)
      throws IllegalAccessException {
    return initialised(lookup.ensureInitialized(target), target);
  }

  /** {@code result}, once {@code type} is initialised for this run (after the lookup succeeded). */
  private static <T> T initialised(T result, Class<?> type) {
    ClassInits.ensure(type);
    return result;
  }
}
