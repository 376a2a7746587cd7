package dev.weft.runtime.jdk.handles;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.Locations;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * What the {@code (object, offset)} addresses of {@code sun.misc.Unsafe} accesses in a run stand
 * for, so that such an access is an access of the same location as the plain accesses of its field
 * or element. A field's offset is only known by the {@code objectFieldOffset} or {@code
 * staticFieldOffset} call of target code that asked for it, so those calls report here; an array
 * element's index follows from the array's base offset and scale. Any other address (an offset
 * target code did not ask for, or a raw address without an object) stands for the whole object (or
 * all of off-heap memory): its accesses still conflict with each other.
 */
public final class UnsafeOffsets {
  /** Per run: per class, the field id of each offset asked for, instance and static apart. */
  private static final class State {
    final Map<Class<?>, Map<Long, Integer>> instance = new HashMap<>();
    final Map<Class<?>, Map<Long, Integer>> statics = new HashMap<>();
  }

  private static final RunLocal<State> STATE = new RunLocal<>(State::new);

  private UnsafeOffsets() {}

  /** {@code unsafe.objectFieldOffset(field)} or {@code staticFieldOffset(field)} returned this. */
  public static long fieldOffset(Field field, long offset) {
    ControlledThread t = ControlledThread.current();
    if (t != null && field != null) {
      Scheduler s = t.scheduler();
      State state = STATE.of(s);
      Class<?> holder = field.getDeclaringClass();
      int id = s.fields().idOf(holder.getName(), field.getName());
      var byClass = Modifier.isStatic(field.getModifiers()) ? state.statics : state.instance;
      byClass.computeIfAbsent(holder, c -> new HashMap<>()).put(offset, id);
    }
    return offset;
  }

  /**
   * The location of the access at {@code (o, offset)}. {@code base} and {@code scale} are the
   * unsafe's {@code arrayBaseOffset} and {@code arrayIndexScale}, typed {@code (Object, Class)int}.
   */
  static long location(
      Scheduler s,
      Object unsafe,
      Object o,
      long offset,
      MethodHandle base,
      MethodHandle scale,
      int site) {
    if (o == null) {
      return s.objectLocation(unsafe, Locations.CONTENTS_MEMBER, site);
    }
    State state = STATE.of(s);
    if (o instanceof Class<?> c) {
      Integer id = fieldAt(state.statics, c, offset);
      if (id != null) {
        return Locations.of(0, id);
      }
    }
    Class<?> type = o.getClass();
    if (type.isArray()) {
      int index = index(unsafe, type, offset, base, scale);
      return s.objectLocation(o, index >= 0 ? index : Locations.CONTENTS_MEMBER, site);
    }
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      Integer id = fieldAt(state.instance, c, offset);
      if (id != null) {
        return s.objectLocation(o, id, site);
      }
    }
    return s.objectLocation(o, Locations.CONTENTS_MEMBER, site);
  }

  private static Integer fieldAt(Map<Class<?>, Map<Long, Integer>> byClass, Class<?> c, long at) {
    Map<Long, Integer> offsets = byClass.get(c);
    return offsets != null ? offsets.get(at) : null;
  }

  /**
   * The element the offset falls in (an access wider than the element type is taken as one of the
   * element it starts in), or -1 outside the elements.
   */
  private static int index(
      Object unsafe, Class<?> array, long offset, MethodHandle base, MethodHandle scale) {
    try {
      int first = (int) base.invokeExact(unsafe, array);
      int size = (int) scale.invokeExact(unsafe, array);
      long index = size > 0 && offset >= first ? (offset - first) / size : -1;
      return index <= Integer.MAX_VALUE ? (int) index : -1;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e); // neither method declares a checked exception
    }
  }
}
