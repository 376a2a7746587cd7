package dev.weft.runtime.access;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.local.LocalJdkClasses;
import dev.weft.runtime.local.LocalObjects;
import dev.weft.runtime.local.OwnMethods;

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
    ControlledThread t = ControlledThread.current();
    if (t != null && value != null) {
      t.scheduler().locals().escape(value);
    }
  }

  /**
   * The receiver of a call that may run code Weft does not see. A local target object stays local
   * if the method that runs is declared by its own class or a superclass (all instrumented, or it
   * would not be local), and escapes if it is a default method of a JDK interface, which the JDK
   * may have written to keep it. A local JDK object (or a view of one) stays local for the methods
   * {@link LocalJdkClasses} knows keep it, and is announced for a view the call returns.
   */
  public static void escapeReceiver(Object receiver, String method) {
    ControlledThread t = ControlledThread.current();
    if (t != null && receiver != null) {
      LocalObjects locals = t.scheduler().locals();
      locals.viewComing(null, null);
      if (!locals.isLocalQuietly(receiver, t)) {
        locals.escape(receiver);
      } else if (LocalJdkClasses.isJdkObject(receiver)) {
        switch (LocalJdkClasses.ruleFor(method)) {
          case VIEW -> locals.viewComing(receiver, t, false);
          case ENTRY_SET_VIEW -> locals.viewComing(receiver, t, true);
          case NEXT -> {
            if (locals.isEntryIterator(receiver)) {
              locals.viewComing(receiver, t); // the entry writes through to the map
            }
          }
          case KEEP -> {}
          case LET_GO -> locals.escape(receiver);
        }
      } else if (!OwnMethods.declares(receiver.getClass(), method)) {
        locals.escape(receiver);
      }
    }
  }

  /** What a call announced by {@link #escapeReceiver} as returning a view returned. */
  public static void viewMade(Object view) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().locals().viewMade(view, t);
    }
  }

  /**
   * A store into a static of the class whose initialiser is running: the value escapes when the
   * initialiser returns ({@link #classInitialised}), as no other thread can read the static before.
   */
  public static void storedDuringInit(Object value, String initialising) {
    ControlledThread t = ControlledThread.current();
    if (t != null && value != null) {
      t.scheduler().locals().storedDuringInit(value, initialising, t);
    }
  }

  public static void classInitialised(String initialised) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().locals().classInitialised(initialised);
    }
  }

  public static void stored(Object holder, Object value) {
    ControlledThread t = ControlledThread.current();
    if (t != null && value != null) {
      t.scheduler().locals().stored(holder, value, t);
    }
  }

  public static void constructed(Object object) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().locals().constructed(object, t);
    }
  }

  public static void copied(Object copy) {
    ControlledThread t = ControlledThread.current();
    if (t != null) {
      t.scheduler().locals().copied(copy, t);
    }
  }

  /**
   * {@code System.arraycopy}: it keeps neither array, but the references it copies into an array
   * other threads can reach escape.
   */
  public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length) {
    ControlledThread t = ControlledThread.current();
    if (t != null && src instanceof Object[] && dst != null && length > 0) {
      LocalObjects locals = t.scheduler().locals();
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
