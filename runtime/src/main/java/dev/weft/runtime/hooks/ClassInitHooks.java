package dev.weft.runtime.hooks;

import dev.weft.runtime.control.RunSignals;
import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.statics.ClassInits;
import dev.weft.runtime.statics.InitialisingClasses;
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

  /** A class initialiser begins: no switch inside it, and others wait for it under control. */
  public static void initialiserBegins(Class<?> type) {
    RunSignals.atomicEnter();
    InitialisingClasses.begin(type);
  }

  /** A class initialiser ends, returning or throwing. */
  public static void initialiserEnds(Class<?> type) {
    InitialisingClasses.end(type);
    RunSignals.atomicExit();
  }

  /**
   * Initialises for this run the class named {@code internalName}, which code reached through its
   * subclass {@code owner} and may not name itself (a package-private class of another package).
   */
  public static void ensure(Class<?> owner, String internalName) throws ClassNotFoundException {
    ClassInits.ensure(named(owner, internalName));
  }

  /** As {@link #beforeUse(Class)} for a class code may not name, found as {@link #ensure}. */
  public static void beforeUse(Class<?> owner, String internalName) throws ClassNotFoundException {
    InitialisingClasses.beforeUse(named(owner, internalName));
  }

  private static Class<?> named(Class<?> owner, String internalName) throws ClassNotFoundException {
    return Class.forName(internalName.replace('/', '.'), false, owner.getClassLoader());
  }

  /** {@code type} is about to be used in a way that initialises it ({@code new}, static member). */
  public static void beforeUse(Class<?> type) {
    InitialisingClasses.beforeUse(type);
  }

  /**
   * {@code Class.forName(name, initialize, loader)}, initialising the class for this run; in every
   * copy of the classes, so that a thread waits under control for another's initialiser of it.
   */
  public static Class<?> forName(String name, boolean initialize, ClassLoader loader)
      throws ClassNotFoundException {
    if (!initialize) {
      return Class.forName(name, false, loader);
    }
    // loaded first, so that a thread waits under control for an initialiser another one runs
    InitialisingClasses.beforeUse(Class.forName(name, false, loader));
    Class<?> type = Class.forName(name, true, loader);
    ClassInits.ensure(type);
    return type;
  }

  /**
   * {@code Class.forName(name)} called from {@code caller}: initialised with the caller's loader,
   * as the JDK does, through {@link #forName(String, boolean, ClassLoader)}.
   */
  public static Class<?> forName(String name, Class<?> caller) throws ClassNotFoundException {
    return forName(name, true, caller.getClassLoader());
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
   * A field about to be written by reflection with a value of type {@code value} (a descriptor
   * character: {@code L} for {@code set}, {@code I} for {@code setInt}...): a static's class is
   * initialised for this run first, and a static final that the rewrite made assignable is refused
   * as the JVM refuses every static final, where the JDK would have got that far (a value the
   * field's type cannot take is the JDK's {@code IllegalArgumentException}, left to it).
   */
  public static Field reflectiveWrite(Field field, char value) throws IllegalAccessException {
    reflectiveAccess(field);
    if (field != null
        && Modifier.isStatic(field.getModifiers())
        && TargetClassLoader.strippedFinal(field)
        && takes(field.getType(), value)) {
      throw finalField(field);
    }
    return field;
  }

  /** Whether a field of type {@code type} takes a value of descriptor type {@code value}. */
  private static boolean takes(Class<?> type, char value) {
    if (value == 'L' || value == '[') {
      return true; // set(Object, Object): the JDK checks the final first
    }
    if (!type.isPrimitive() || type == boolean.class || value == 'Z') {
      return type == boolean.class && value == 'Z';
    }
    if (type == char.class || value == 'C') {
      return value == 'C' && type != byte.class && type != short.class;
    }
    return rank(type.descriptorString().charAt(0)) >= rank(value);
  }

  /** Widening order of the numeric types, by descriptor: byte, short, int, long, float, double. */
  private static int rank(char type) {
    return "BSIJFD".indexOf(type);
  }

  private static IllegalAccessException finalField(Field field) {
    return new IllegalAccessException(
        "Can not set static final "
            + field.getType().getName()
            + " field "
            + field.getDeclaringClass().getName()
            + "."
            + field.getName());
  }

  /**
   * {@code lookup.unreflectGetter}: a static field's class is initialised for this run when the
   * handle is made, as {@link #findStaticGetter} does.
   */
  public static MethodHandle unreflectGetter(MethodHandles.Lookup lookup, Field field)
      throws IllegalAccessException {
    MethodHandle getter = lookup.unreflectGetter(field);
    reflectiveAccess(field);
    return getter;
  }

  /**
   * {@code lookup.unreflectSetter}: refused for a static final that the rewrite made assignable, as
   * the JDK refuses every static final; a static's class is initialised when the handle is made.
   */
  public static MethodHandle unreflectSetter(MethodHandles.Lookup lookup, Field field)
      throws IllegalAccessException {
    if (Modifier.isStatic(field.getModifiers()) && TargetClassLoader.strippedFinal(field)) {
      throw finalField(field);
    }
    MethodHandle setter = lookup.unreflectSetter(field);
    reflectiveAccess(field);
    return setter;
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

  /**
   * {@code lookup.findStaticSetter}, initialising the class as {@link #findStaticGetter} does, and
   * refused for a static final that the rewrite made assignable, as the JDK refuses every final.
   */
  public static MethodHandle findStaticSetter(
      MethodHandles.Lookup lookup, Class<?> refc, String name, Class<?> type)
      throws NoSuchFieldException, IllegalAccessException {
    MethodHandle setter = lookup.findStaticSetter(refc, name, type);
    Field field = lookup.revealDirect(setter).reflectAs(Field.class, lookup);
    if (TargetClassLoader.strippedFinal(field)) {
      throw finalField(field);
    }
    return initialised(setter, refc);
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
