package dev.weft.runtime.statics;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Initialises target classes once per run while their {@code Class} objects live across runs. A
 * class defined afresh for every run starts with clean statics but with cold code: the JIT compiles
 * every run's copy again, and every lambda and call site links again (on a pool library a run of
 * reused classes took a third of the time). So a class whose statics can be reset ({@link
 * StaticsReset} rewrote it: its static initialiser became {@value #INIT_METHOD}, its static fields
 * lost {@code final}) is initialised by this class the first time each run uses it, as the JVM
 * would have: the first {@code new}, static method call or static field access of the run, the
 * superclass first, every non-constant static field set to its default value before the initialiser
 * runs, a recursive request by the initialising thread returning at once, another thread waiting
 * until the initialiser finishes, an initialiser that throws failing the class for the rest of the
 * run ({@code NoClassDefFoundError}), and each run starting with no class initialised.
 */
public final class ClassInits {
  /** The name the rewritten static initialiser has. */
  public static final String INIT_METHOD = "weft$clinit";

  /** Runs begun so far: a class's state belongs to the run whose number it carries. */
  private static volatile int run;

  private static final ClassValue<State> STATES =
      new ClassValue<>() {
        @Override
        protected State computeValue(Class<?> type) {
          return new State(type);
        }
      };

  private ClassInits() {}

  /** A new run begins: every resettable class is uninitialised again. Call between runs. */
  public static void beginRun() {
    run++;
  }

  /** Initialises {@code type} for this run unless it was already (the hook of rewritten code). */
  public static void ensure(Class<?> type) {
    State s = STATES.get(type);
    if (s.done != run) {
      s.initialise(run);
    }
  }

  /** One class's initialisation state and what resetting it takes. */
  private static final class State {
    private final Class<?> type;
    private final Method initialiser;
    private final List<Field> statics = new ArrayList<>();
    private final boolean resettable;
    private volatile int done = -1;
    private int failed = -1;
    private int inProgress = -1;
    private Thread initialising;

    State(Class<?> type) {
      this.type = type;
      Method init = null;
      try {
        init = type.getDeclaredMethod(INIT_METHOD);
        init.setAccessible(true);
      } catch (NoSuchMethodException e) {
        // not rewritten: initialised by the JVM, once
      }
      this.initialiser = init;
      this.resettable = init != null;
      if (resettable) {
        for (Field f : type.getDeclaredFields()) {
          int m = f.getModifiers();
          if (Modifier.isStatic(m) && !Modifier.isFinal(m)) {
            f.setAccessible(true);
            statics.add(f);
          }
        }
      }
    }

    void initialise(int currentRun) {
      if (!resettable) {
        done = currentRun;
        return;
      }
      synchronized (this) {
        while (true) {
          if (done == currentRun) {
            return;
          }
          if (failed == currentRun) {
            throw new NoClassDefFoundError("Could not initialize class " + type.getName());
          }
          if (inProgress != currentRun) {
            break;
          }
          if (initialising == Thread.currentThread()) {
            return; // a recursive request, as the JVM allows
          }
          try {
            wait(); // as on the JVM's initialisation lock
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        inProgress = currentRun;
        initialising = Thread.currentThread();
      }
      try {
        Class<?> parent = type.getSuperclass();
        if (parent != null) {
          ensure(parent);
        }
        resetStatics();
        initialiser.invoke(null);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        fail(currentRun);
        throw cause instanceof Error ? (Error) cause : new ExceptionInInitializerError(cause);
      } catch (IllegalAccessException e) {
        fail(currentRun);
        throw new IllegalStateException("cannot run the initialiser of " + type.getName(), e);
      } catch (RuntimeException | Error e) {
        fail(currentRun); // the superclass failed, or resetting did
        throw e;
      }
      synchronized (this) {
        done = currentRun;
        initialising = null;
        notifyAll();
      }
    }

    private synchronized void fail(int currentRun) {
      failed = currentRun;
      initialising = null;
      notifyAll();
    }

    private void resetStatics() throws IllegalAccessException {
      for (Field f : statics) {
        Class<?> t = f.getType();
        if (!t.isPrimitive()) {
          f.set(null, null);
        } else if (t == boolean.class) {
          f.setBoolean(null, false);
        } else if (t == long.class) {
          f.setLong(null, 0L);
        } else if (t == double.class) {
          f.setDouble(null, 0d);
        } else if (t == float.class) {
          f.setFloat(null, 0f);
        } else if (t == char.class) {
          f.setChar(null, '\0');
        } else if (t == byte.class) {
          f.setByte(null, (byte) 0);
        } else if (t == short.class) {
          f.setShort(null, (short) 0);
        } else {
          f.setInt(null, 0);
        }
      }
    }
  }
}
