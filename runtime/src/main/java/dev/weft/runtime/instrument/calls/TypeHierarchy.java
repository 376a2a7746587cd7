package dev.weft.runtime.instrument.calls;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.pool.TypePool;

/**
 * Answers the questions instrumentation asks about types it has not loaded: is this a {@link
 * Thread} subclass, which class declares this field and is it final, and the common superclass ASM
 * needs to compute stack map frames. Byte Buddy's {@link TypePool} reads class files without
 * loading them, so instrumenting a class never triggers another class's initialiser.
 */
public final class TypeHierarchy {
  /** Where a field access really goes. */
  /**
   * @param known whether the declaration was found (an unresolvable field counts as mutable, and as
   *     possibly volatile)
   */
  public record ResolvedField(
      String declaringClass, boolean isFinal, boolean isVolatile, boolean known) {}

  private final TypePool pool;
  private final Predicate<String> onTargetPath;
  private final ConcurrentHashMap<String, Boolean> targetTypes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> interfaces = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> publicTypes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, String> implementers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> jdkDeclared = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> threadTypes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, ResolvedField> fields = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> subtypes = new ConcurrentHashMap<>();

  /**
   * @param onTargetPath whether a class (internal name) is read from the target's class path, and
   *     so instrumented when it is loaded
   */
  public TypeHierarchy(TypePool pool, Predicate<String> onTargetPath) {
    this.pool = pool;
    this.onTargetPath = onTargetPath;
  }

  /** Whether the class is target code that Weft instruments (not the JDK's, not Weft's). */
  public boolean isTargetClass(String internalName) {
    if (internalName.startsWith("[") || internalName.startsWith("java/")) {
      return false;
    }
    return targetTypes.computeIfAbsent(internalName, onTargetPath::test);
  }

  /** Whether the type is an interface; an unreadable type counts as one (it may be anything). */
  public boolean isInterface(String internalName) {
    if (internalName.startsWith("[")) {
      return false;
    }
    return ask(interfaces, internalName, internalName, TypeDescription::isInterface, true);
  }

  /**
   * Whether code of class {@code from} may load a constant of {@code type}: the type is public or
   * in the same package (a package-private superclass of another package is not, though its public
   * static members are reached through a public subclass). False when the type cannot be read.
   */
  public boolean accessibleFrom(String type, String from) {
    int a = type.lastIndexOf('/');
    int b = from.lastIndexOf('/');
    if (a == b && type.regionMatches(0, from, 0, Math.max(a, 0))) {
      return true;
    }
    return ask(publicTypes, type, type, TypeDescription::isPublic, false);
  }

  /**
   * A question about {@code type} answered once per {@code key}; {@code unreadable} when the type
   * is missing from the class path or cannot be read.
   */
  private <V> V ask(
      ConcurrentHashMap<String, V> answers,
      String key,
      String type,
      Function<TypeDescription, V> question,
      V unreadable) {
    return answers.computeIfAbsent(
        key,
        k -> {
          try {
            TypeDescription t = describe(type);
            return t == null ? unreadable : question.apply(t);
          } catch (RuntimeException unresolvable) {
            return unreadable;
          }
        });
  }

  /**
   * The class whose code a call of {@code name desc} on {@code owner} runs, as far as the class
   * files tell: the nearest superclass (or the owner itself) that declares it, else the interface
   * that does. Empty string when nothing declares it or a type cannot be read.
   */
  public String implementer(String owner, String name, String descriptor) {
    return ask(
        implementers,
        owner + "." + name + descriptor,
        owner,
        t -> {
          String found = findDeclaring(t, name, descriptor);
          return found == null ? "" : found;
        },
        "");
  }

  private String findDeclaring(TypeDefinition type, String name, String descriptor) {
    for (TypeDefinition c = type; c != null; ) {
      if (declares(c, name, descriptor)) {
        return c.asErasure().getInternalName();
      }
      TypeDescription.Generic sup = c.getSuperClass();
      c = sup == null ? null : sup.asErasure();
    }
    for (TypeDefinition c = type; c != null; ) {
      for (TypeDescription.Generic i : c.getInterfaces()) {
        String found = findDeclaring(i.asErasure(), name, descriptor);
        if (found != null) {
          return found;
        }
      }
      TypeDescription.Generic sup = c.getSuperClass();
      c = sup == null ? null : sup.asErasure();
    }
    return null;
  }

  private static boolean declares(TypeDefinition type, String name, String descriptor) {
    for (MethodDescription.InDefinedShape m : type.asErasure().getDeclaredMethods()) {
      if (m.getInternalName().equals(name) && m.getDescriptor().equals(descriptor)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a type outside the target, other than {@code Object}, among {@code className}'s
   * supertypes declares {@code name desc}: then JDK code may call the method back (a {@code
   * Supplier.get}, a {@code Callable.call}, an {@code Iterator.next}). Unreadable types count.
   */
  public boolean jdkMayCall(String className, String name, String descriptor) {
    return ask(
        jdkDeclared,
        className + "." + name + descriptor,
        className,
        t -> jdkSupertypeDeclares(t, name, descriptor),
        true);
  }

  private boolean jdkSupertypeDeclares(TypeDefinition type, String name, String descriptor) {
    String internal = type.asErasure().getInternalName();
    if (internal.equals("java/lang/Object")) {
      return false;
    }
    if (!isTargetClass(internal) && declares(type, name, descriptor)) {
      return true;
    }
    for (TypeDescription.Generic i : type.getInterfaces()) {
      if (jdkSupertypeDeclares(i.asErasure(), name, descriptor)) {
        return true;
      }
    }
    TypeDescription.Generic sup = type.getSuperClass();
    return sup != null && jdkSupertypeDeclares(sup.asErasure(), name, descriptor);
  }

  private TypeDescription describe(String internalName) {
    TypePool.Resolution r = pool.describe(internalName.replace('/', '.'));
    return r.isResolved() ? r.resolve() : null;
  }

  /** Whether the type can be read from the class path (so questions about it get exact answers). */
  public boolean knows(String internalName) {
    try {
      return describe(internalName) != null;
    } catch (RuntimeException unreadable) {
      return false;
    }
  }

  boolean isThread(String internalName) {
    if (internalName.equals("java/lang/Thread")) {
      return true;
    }
    if (internalName.startsWith("[")) {
      return false;
    }
    return threadTypes.computeIfAbsent(internalName, this::computeIsThread);
  }

  private boolean computeIsThread(String internalName) {
    try {
      TypeDescription t = describe(internalName);
      while (t != null) {
        if (t.getName().equals("java.lang.Thread")) {
          return true;
        }
        TypeDescription.Generic sup = t.getSuperClass();
        t = sup == null ? null : sup.asErasure();
      }
    } catch (RuntimeException unresolvable) {
      // a missing superclass: not something we can treat as a thread
    }
    return false;
  }

  /** Whether {@code internalName} is {@code api} or a subtype of it (a class or an interface). */
  boolean isSubtypeOf(String internalName, String api) {
    if (internalName.equals(api)) {
      return true;
    }
    if (internalName.startsWith("[")) {
      return false;
    }
    return subtypes.computeIfAbsent(
        internalName + ">" + api,
        k -> {
          try {
            TypeDescription t = describe(internalName);
            TypeDescription a = describe(api);
            return t != null && a != null && t.isAssignableTo(a);
          } catch (RuntimeException unresolvable) {
            return false;
          }
        });
  }

  public ResolvedField resolveField(String owner, String name) {
    return fields.computeIfAbsent(owner + "." + name, k -> computeField(owner, name));
  }

  private ResolvedField computeField(String owner, String name) {
    try {
      TypeDescription t = describe(owner);
      ResolvedField found = t == null ? null : findField(t, name);
      if (found != null) {
        return found;
      }
    } catch (RuntimeException unresolvable) {
      // fall through: treat as a mutable field of the named owner
    }
    return new ResolvedField(owner, false, false, false);
  }

  private ResolvedField findField(TypeDefinition type, String name) {
    if (type == null) {
      return null;
    }
    for (FieldDescription.InDefinedShape f : type.asErasure().getDeclaredFields()) {
      if (f.getName().equals(name)) {
        return new ResolvedField(
            type.asErasure().getInternalName(), f.isFinal(), f.isVolatile(), true);
      }
    }
    for (TypeDescription.Generic i : type.getInterfaces()) {
      ResolvedField r = findField(i, name);
      if (r != null) {
        return r;
      }
    }
    TypeDescription.Generic sup = type.getSuperClass();
    return sup == null ? null : findField(sup, name);
  }

  public String commonSuperClass(String type1, String type2) {
    TypeDescription a = describe(type1);
    TypeDescription b = describe(type2);
    if (a == null || b == null) {
      return "java/lang/Object";
    }
    if (a.isAssignableFrom(b)) {
      return type1;
    }
    if (b.isAssignableFrom(a)) {
      return type2;
    }
    if (a.isInterface() || b.isInterface()) {
      return "java/lang/Object";
    }
    TypeDescription c = a;
    while (c != null && !c.isAssignableFrom(b)) {
      TypeDescription.Generic sup = c.getSuperClass();
      c = sup == null ? null : sup.asErasure();
    }
    return c == null ? "java/lang/Object" : c.getInternalName();
  }
}
