package dev.weft.runtime.jdk.handles;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.Locations;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * What the {@code VarHandle}s of a run stand for, so that an access through a handle is an access
 * of the same location as the plain accesses of its variable. A handle on a field is only known by
 * how it was made: the factory calls of target code ({@code findVarHandle}, {@code
 * findStaticVarHandle}, {@code unreflectVarHandle}, {@code withInvoke[Exact]Behavior}) go through
 * here. Handles on array elements and byte views say what they are by their coordinates; a byte
 * view stands for its whole array (or a heap buffer's array), so its accesses conflict with each
 * other whatever their offsets, though not with plain accesses of single bytes. Any other handle
 * (one made by a reflective call Weft did not see, a memory segment handle) stands for one location
 * of its own: its accesses still conflict with each other, so a lost update is still ordered.
 */
public final class VarHandles {
  /** How a handle's coordinates give the location it accesses. */
  private enum Shape {
    /** The static field {@code field}. */
    STATIC_FIELD,
    /** Field {@code field} of the receiver, the first coordinate. */
    INSTANCE_FIELD,
    /** The element of the array (first coordinate) at the index (second coordinate). */
    ELEMENT,
    /** The whole array or buffer that is the first coordinate: a view of several elements. */
    CONTENTS,
    /** A final field: no scheduling point, as for its plain reads. */
    FINAL,
    /** The handle itself. */
    HANDLE
  }

  private record Variable(Shape shape, int field) {}

  private static final Variable FINAL = new Variable(Shape.FINAL, 0);
  private static final Variable ELEMENT = new Variable(Shape.ELEMENT, 0);
  private static final Variable CONTENTS = new Variable(Shape.CONTENTS, 0);
  private static final Variable HANDLE = new Variable(Shape.HANDLE, 0);

  private static final RunLocal<IdentityHashMap<VarHandle, Variable>> KNOWN =
      new RunLocal<>(IdentityHashMap::new);

  private VarHandles() {}

  /** {@code lookup.findVarHandle(recv, name, type)} on behalf of target code. */
  public static VarHandle findVarHandle(
      MethodHandles.Lookup lookup, Class<?> recv, String name, Class<?> type)
      throws ReflectiveOperationException {
    VarHandle handle = lookup.findVarHandle(recv, name, type);
    note(handle, recv, name, false);
    return handle;
  }

  /** {@code lookup.findStaticVarHandle(decl, name, type)} on behalf of target code. */
  public static VarHandle findStaticVarHandle(
      MethodHandles.Lookup lookup, Class<?> decl, String name, Class<?> type)
      throws ReflectiveOperationException {
    VarHandle handle = lookup.findStaticVarHandle(decl, name, type);
    note(handle, decl, name, true);
    return handle;
  }

  /** {@code lookup.unreflectVarHandle(field)} on behalf of target code. */
  public static VarHandle unreflectVarHandle(MethodHandles.Lookup lookup, Field field)
      throws IllegalAccessException {
    VarHandle handle = lookup.unreflectVarHandle(field);
    Scheduler s = scheduler();
    if (s != null) {
      known(s).put(handle, variableOf(s, field));
    }
    return handle;
  }

  /** A handle derived from {@code original} with other invocation behaviour: the same variable. */
  public static VarHandle derived(VarHandle original, VarHandle derived) {
    Scheduler s = scheduler();
    if (s != null && original != null && derived != null) {
      Variable v = known(s).get(original);
      if (v != null) {
        known(s).put(derived, v);
      }
    }
    return derived;
  }

  /**
   * The location an access through {@code handle} touches, or {@link DirectAccesses#NO_POINT} when
   * it needs no scheduling point: a final field, or a null receiver or array, which the handle
   * rejects as the JVM would. {@code coordinate} is the access's first coordinate (null when it has
   * none), {@code index} its second when that is an {@code int} on the call site.
   */
  static long location(Scheduler s, VarHandle handle, Object coordinate, int index, int site) {
    Variable v = variableOf(s, handle);
    switch (v.shape) {
      case STATIC_FIELD:
        return Locations.of(0, v.field);
      case INSTANCE_FIELD:
        return coordinate != null
            ? s.objectLocation(coordinate, v.field, site)
            : DirectAccesses.NO_POINT;
      case ELEMENT:
        if (coordinate == null) {
          return DirectAccesses.NO_POINT;
        }
        return index != VarHandleCalls.UNKNOWN_INDEX
            ? s.objectLocation(coordinate, index, site)
            : s.objectLocation(coordinate, Locations.CONTENTS_MEMBER, site);
      case CONTENTS:
        return coordinate != null
            ? s.objectLocation(backing(coordinate), Locations.CONTENTS_MEMBER, site)
            : DirectAccesses.NO_POINT;
      case FINAL:
        return DirectAccesses.NO_POINT;
      default:
        return s.objectLocation(handle, Locations.CONTENTS_MEMBER, site);
    }
  }

  /** Whether accesses through {@code handle} are element accesses (recorded as array events). */
  public static boolean isElementHandle(Scheduler s, VarHandle handle) {
    return variableOf(s, handle).shape == Shape.ELEMENT;
  }

  /** A heap buffer's accesses are accesses of its array, which other buffers may share. */
  private static Object backing(Object coordinate) {
    if (coordinate instanceof ByteBuffer b && b.hasArray()) {
      return b.array();
    }
    return coordinate;
  }

  private static Variable variableOf(Scheduler s, VarHandle handle) {
    IdentityHashMap<VarHandle, Variable> known = known(s);
    Variable v = known.get(handle);
    if (v == null) {
      v = byCoordinates(handle);
      known.put(handle, v);
    }
    return v;
  }

  /** A handle Weft did not see being made: arrays and views say so by their coordinates. */
  private static Variable byCoordinates(VarHandle handle) {
    List<Class<?>> coordinates = handle.coordinateTypes();
    if (coordinates.size() != 2 || coordinates.get(1) != int.class) {
      return HANDLE;
    }
    Class<?> first = coordinates.get(0);
    if (first.isArray() && first.getComponentType() == handle.varType()) {
      return ELEMENT;
    }
    if (first == byte[].class || first == ByteBuffer.class) {
      return CONTENTS;
    }
    return HANDLE;
  }

  private static void note(VarHandle handle, Class<?> holder, String name, boolean isStatic) {
    Scheduler s = scheduler();
    if (s == null) {
      return;
    }
    Field field = declared(holder, name, isStatic);
    known(s)
        .put(
            handle,
            field != null ? variableOf(s, field) : fieldVariable(s, holder, name, isStatic));
  }

  private static Variable variableOf(Scheduler s, Field field) {
    if (Modifier.isFinal(field.getModifiers())) {
      return FINAL;
    }
    return fieldVariable(
        s, field.getDeclaringClass(), field.getName(), Modifier.isStatic(field.getModifiers()));
  }

  private static Variable fieldVariable(
      Scheduler s, Class<?> declaring, String name, boolean isStatic) {
    int id = s.fields().idOf(declaring.getName(), name);
    return new Variable(isStatic ? Shape.STATIC_FIELD : Shape.INSTANCE_FIELD, id);
  }

  /**
   * The field the lookup resolved, found as the JVM resolves a field reference: in the class, then
   * its superclasses. Null if reflection cannot tell (the caller then names the holder).
   */
  private static Field declared(Class<?> holder, String name, boolean isStatic) {
    try {
      for (Class<?> c = holder; c != null; c = c.getSuperclass()) {
        for (Field f : c.getDeclaredFields()) {
          if (f.getName().equals(name) && Modifier.isStatic(f.getModifiers()) == isStatic) {
            return f;
          }
        }
      }
    } catch (LinkageError | SecurityException e) {
      return null;
    }
    return null;
  }

  private static Scheduler scheduler() {
    ControlledThread t = ControlledThread.current();
    return t != null ? t.scheduler() : null;
  }

  private static IdentityHashMap<VarHandle, Variable> known(Scheduler s) {
    return KNOWN.of(s);
  }
}
