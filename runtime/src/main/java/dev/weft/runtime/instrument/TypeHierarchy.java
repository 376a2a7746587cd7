package dev.weft.runtime.instrument;

import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.field.FieldDescription;
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
  private final ConcurrentHashMap<String, Boolean> threadTypes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, ResolvedField> fields = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> subtypes = new ConcurrentHashMap<>();

  TypeHierarchy(TypePool pool) {
    this.pool = pool;
  }

  private TypeDescription describe(String internalName) {
    TypePool.Resolution r = pool.describe(internalName.replace('/', '.'));
    return r.isResolved() ? r.resolve() : null;
  }

  /** Whether the type can be read from the class path (so questions about it get exact answers). */
  boolean knows(String internalName) {
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

  String commonSuperClass(String type1, String type2) {
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
