package dev.weft.runtime.control;

/**
 * Where target code lets a reference go, so that the run's {@link
 * dev.weft.runtime.local.LocalObjects} know which objects other threads may reach: stores into
 * final fields and statics, arguments of calls into code Weft does not instrument, lambda captures,
 * values returned to the JDK from callbacks; and where objects are born local ({@code Object}'s
 * constructor returning, copies made by the JDK). None of these is a scheduling point.
 */
public final class Escapes {
  private Escapes() {}

  public static void escape(Object value) {
    if (value != null) {
      ControlledThread t = ControlledThread.current();
      if (t != null) {
        t.scheduler.locals().escape(value);
      }
    }
  }

  public static void stored(Object holder, Object value) {
    if (value != null) {
      ControlledThread t = ControlledThread.current();
      if (t != null) {
        t.scheduler.locals().stored(holder, value, t);
      }
    }
  }

  public static void constructed(Object object) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.locals().constructed(object, t);
    }
  }

  public static void copied(Object copy) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler.locals().copied(copy, t);
    }
  }

  /**
   * {@code System.arraycopy}: it keeps neither array, but the references it copies into an array
   * other threads can reach escape.
   */
  public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length) {
    ControlledThread t = ControlledThread.current();
    if (t != null && src instanceof Object[] && dst != null && length > 0) {
      dev.weft.runtime.local.LocalObjects locals = t.scheduler.locals();
      if (!locals.isLocalQuietly(dst, t)) {
        Object[] from = (Object[]) src;
        int end = Math.min(from.length, srcPos + length);
        for (int i = Math.max(0, srcPos); i < end; i++) {
          locals.escape(from[i]);
        }
      }
    }
    System.arraycopy(src, srcPos, dst, dstPos, length);
  }
}
