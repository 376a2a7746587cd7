package dev.weft.runtime.statics;

import dev.weft.runtime.control.ControlledThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which controlled thread runs which class initialiser now, so that another controlled thread that
 * is about to use such a class waits under Weft's control instead of on the JVM's initialisation
 * lock. An initialiser the JVM runs (a class loader per run, the replay on fresh classes, enums and
 * interfaces, classes Weft cannot reset) holds that lock while its thread waits for its turn, and a
 * thread blocked on it natively is a stall Weft cannot see through; a class-initialisation deadlock
 * is one too. So instrumented code says when an initialiser begins and ends, and asks before every
 * use of another class that may initialise it ({@code new}, a static call or field): it waits while
 * another controlled thread of the run initialises the class or one of its superclasses, holding,
 * as the JVM does, the classes below the one waited for; and a thread inside an initialiser that is
 * about to initialise another class lets other threads run first, so that two initialisers that
 * need each other's classes meet as they can on the JVM and are a deadlock finding.
 */
public final class InitialisingClasses {
  /** Classes being initialised by a controlled thread, or held by one that waits for a super. */
  private static final Map<Class<?>, ControlledThread> OWNERS = new ConcurrentHashMap<>();

  /** How many entries {@link #OWNERS} has: no entry, nothing to check (the common case). */
  private static volatile int owned;

  /** Classes known to be initialised, or initialised by their user, once used inside one. */
  private static final ClassValue<boolean[]> USED =
      new ClassValue<>() {
        @Override
        protected boolean[] computeValue(Class<?> type) {
          return new boolean[1];
        }
      };

  private InitialisingClasses() {}

  /** The calling thread begins the initialiser of {@code type}. */
  public static void begin(Class<?> type) {
    ControlledThread t = InitialisationWaits.current();
    if (t != null) {
      own(type, t);
    }
  }

  /** The calling thread's initialiser of {@code type} ended, normally or by an exception. */
  public static void end(Class<?> type) {
    ControlledThread t = InitialisationWaits.current();
    if (t != null && release(type, t)) {
      InitialisationWaits.finished(type);
    }
  }

  /** The calling thread is about to use {@code type} in a way that initialises it. */
  public static void beforeUse(Class<?> type) {
    if (owned == 0) {
      return; // no controlled thread is inside an initialiser
    }
    ControlledThread t = InitialisationWaits.current();
    if (t == null || type.getClassLoader() == null) {
      return;
    }
    boolean offered = false;
    while (true) {
      List<Class<?>> below = new ArrayList<>();
      Class<?> blocking = blocking(type, t, below);
      if (blocking != null) {
        await(t, blocking, below);
        continue;
      }
      if (offered || !t.initialisingClass() || usedBefore(type)) {
        return;
      }
      // about to initialise another class from inside an initialiser: where two threads can meet
      offered = true;
      InitialisationWaits.initialisationPoint(type);
    }
  }

  /**
   * The class of {@code type}'s superclass chain (itself first) that another controlled thread of
   * the run initialises, or null; the classes before it go to {@code below}. A class the calling
   * thread initialises itself ends the search: its superclasses are initialised or on the way.
   */
  private static Class<?> blocking(Class<?> type, ControlledThread t, List<Class<?>> below) {
    for (Class<?> c = type; c != null && c.getClassLoader() != null; c = c.getSuperclass()) {
      ControlledThread owner = OWNERS.get(c);
      if (owner == t) {
        return null;
      }
      if (owner != null) {
        if (InitialisationWaits.controlled(owner)) {
          return c;
        }
        release(c, owner); // left by a run that is over
      }
      below.add(c);
    }
    return null;
  }

  /**
   * Waits under control until no other controlled thread initialises {@code blocking}, holding the
   * classes below it as the JVM holds a subclass whose superclass it waits for.
   */
  private static void await(ControlledThread t, Class<?> blocking, List<Class<?>> below) {
    List<Class<?>> held = new ArrayList<>();
    for (Class<?> c : below) {
      if (OWNERS.putIfAbsent(c, t) == null) {
        counted(1);
        held.add(c);
      }
    }
    try {
      InitialisationWaits.await(blocking, () -> !initialisedByAnother(blocking, t));
    } finally {
      for (Class<?> c : held) {
        if (release(c, t)) {
          InitialisationWaits.finished(c);
        }
      }
    }
  }

  private static boolean initialisedByAnother(Class<?> type, ControlledThread t) {
    ControlledThread owner = OWNERS.get(type);
    return owner != null && owner != t && InitialisationWaits.controlled(owner);
  }

  /**
   * Whether {@code type} is initialised already as far as Weft can tell: for a class Weft
   * initialises per run, whether it did in this run; for one the JVM initialises, whether an
   * initialiser used it before (a class loader per run has classes of its own).
   */
  private static boolean usedBefore(Class<?> type) {
    if (ClassInits.initialisedPerRun(type)) {
      return ClassInits.initialisedThisRun(type);
    }
    boolean[] used = USED.get(type);
    if (used[0]) {
      return true;
    }
    used[0] = true;
    return false;
  }

  private static void own(Class<?> type, ControlledThread t) {
    if (OWNERS.put(type, t) == null) {
      counted(1);
    }
  }

  private static boolean release(Class<?> type, ControlledThread t) {
    if (OWNERS.remove(type, t)) {
      counted(-1);
      return true;
    }
    return false;
  }

  private static synchronized void counted(int delta) {
    owned += delta;
  }
}
