package dev.weft.runtime.access;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;

/**
 * Plain memory accesses of target code: each field, static and array element read or write is a
 * scheduling point at its location, and each allocation names an object for later locations.
 * Accesses through a null reference are left for the JVM to fail as it would.
 */
public final class Accesses {
  private Accesses() {}

  public static void getField(Object obj, int field, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null && obj != null) {
      Scheduler s = t.scheduler();
      if (s.localAccess(t, obj, site)) {
        return;
      }
      s.point(t, EventKind.READ, s.objectLocation(obj, field, site), site, null, 0);
    }
  }

  public static void putField(Object obj, int field, int site) {
    sharedFieldWrite(obj, field, site);
  }

  /**
   * A write of a reference into a field: as {@link #putField}, and the value escapes unless the
   * holder is local to the writer.
   */
  public static void putFieldReference(Object obj, Object value, int field, int site) {
    ControlledThread t = sharedFieldWrite(obj, field, site);
    if (t != null) {
      t.scheduler().locals().escape(value);
    }
  }

  /** Returns the writer when the holder is shared (null when it is local or uncontrolled). */
  private static ControlledThread sharedFieldWrite(Object obj, int field, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null && obj != null) {
      Scheduler s = t.scheduler();
      if (s.localAccess(t, obj, site)) {
        return null;
      }
      s.point(t, EventKind.WRITE, s.objectLocation(obj, field, site), site, null, 0);
      return t;
    }
    return null;
  }

  public static void getStatic(int field, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.READ, Locations.of(0, field), site, null, 0);
    }
  }

  public static void putStatic(int field, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.WRITE, Locations.of(0, field), site, null, 0);
    }
  }

  public static void arrayRead(Object array, int index, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null && array != null) {
      Scheduler s = t.scheduler();
      if (s.localAccess(t, array, site)) {
        return;
      }
      s.point(t, EventKind.ARRAY_READ, s.objectLocation(array, index, site), site, null, 0);
    }
  }

  /** Returns the writer when the array is shared (null when it is local or uncontrolled). */
  private static ControlledThread arrayWrite(Object array, int index, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null && array != null) {
      Scheduler s = t.scheduler();
      if (s.localAccess(t, array, site)) {
        return null;
      }
      s.point(t, EventKind.ARRAY_WRITE, s.objectLocation(array, index, site), site, null, 0);
      return t;
    }
    return null;
  }

  public static void iastore(int[] a, int i, int v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void lastore(long[] a, int i, long v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void fastore(float[] a, int i, float v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void dastore(double[] a, int i, double v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void aastore(Object[] a, int i, Object v, int site) {
    ControlledThread t = arrayWrite(a, i, site);
    if (t != null) {
      t.scheduler().locals().escape(v);
    }
    a[i] = v;
  }

  public static void castore(char[] a, int i, char v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  public static void sastore(short[] a, int i, short v, int site) {
    arrayWrite(a, i, site);
    a[i] = v;
  }

  /** {@code bastore} serves both {@code byte[]} and {@code boolean[]}, as in the JVM. */
  public static void bastore(Object a, int i, int v, int site) {
    arrayWrite(a, i, site);
    if (a instanceof boolean[]) {
      ((boolean[]) a)[i] = (v & 1) != 0;
    } else {
      ((byte[]) a)[i] = (byte) v;
    }
  }

  public static void allocated(Object obj, int site) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().allocated(obj, site);
      if (obj != null && obj.getClass().isArray()) {
        t.scheduler().locals().arrayMade(obj, t);
      }
      if (obj instanceof Thread) {
        t.scheduler().daemons().created((Thread) obj, t);
      }
    }
  }
}
