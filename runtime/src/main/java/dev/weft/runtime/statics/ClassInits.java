package dev.weft.runtime.statics;

import dev.weft.runtime.control.ControlledThread;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

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

  /** The name of the generated method that sets a class's statics back to their defaults. */
  public static final String RESET_METHOD = "weft$resetStatics";

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

  /** Whether Weft, not the JVM, initialises {@code type} once per run. */
  static boolean initialisedPerRun(Class<?> type) {
    return STATES.get(type).initialiser != null;
  }

  /** Whether {@code type}, initialised per run, is initialised (or failed) in this run. */
  static boolean initialisedThisRun(Class<?> type) {
    State s = STATES.get(type);
    return s.done == run || s.failedIn(run);
  }

  /** One class's initialisation state and what resetting it takes. */
  private static final class State {
    private final Class<?> type;
    private final MethodHandle reset;
    private final MethodHandle initialiser;
    private volatile int done = -1;
    private int failed = -1;
    private int inProgress = -1;
    private Thread initialising;

    /** The initialising thread as Weft controls it, or null if it is not a controlled thread. */
    private ControlledThread initialisingControlled;

    State(Class<?> type) {
      this.type = type;
      MethodHandle r = null;
      MethodHandle init = null;
      if (!type.isInterface() && !type.isPrimitive() && !type.isArray()) {
        try {
          // one method each, looked up by name: reflecting on the whole class would resolve
          // every member's types, and an optional dependency of a library may be missing
          MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
          r = lookup.findStatic(type, RESET_METHOD, MethodType.methodType(void.class));
          init = lookup.findStatic(type, INIT_METHOD, MethodType.methodType(void.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
          // not rewritten: initialised by the JVM, once
        }
      }
      this.reset = r;
      this.initialiser = init;
    }

    void initialise(int currentRun) {
      if (initialiser == null) {
        done = currentRun;
        return;
      }
      while (!claim(currentRun)) {
        if (done == currentRun || initialising == Thread.currentThread()) {
          return; // initialised, or a recursive request, as the JVM allows
        }
        // another controlled thread of this run initialises the class: wait under control
        InitialisationWaits.await(type, () -> !inProgressBy(currentRun));
      }
      try {
        reset.invokeExact(); // before the superclass's initialiser, which may read these
        Class<?> parent = type.getSuperclass();
        if (parent != null) {
          ensure(parent);
        }
        initialiser.invokeExact();
      } catch (Error e) {
        fail(currentRun); // the superclass failed, or this initialiser threw an error
        throw e;
      } catch (Throwable t) {
        fail(currentRun);
        throw new ExceptionInInitializerError(t);
      }
      synchronized (this) {
        done = currentRun;
        initialising = null;
        initialisingControlled = null;
        notifyAll();
      }
      InitialisationWaits.finished(type);
    }

    /**
     * Makes the calling thread the class's initialiser for this run and returns true; or returns
     * false once the class is initialised, being initialised by the calling thread, or being
     * initialised by another controlled thread of the same run that the caller, itself controlled,
     * is to wait for under Weft's control. Any other initialiser is waited for here, on the JVM's
     * terms; a class whose initialiser failed is an error, as on the JVM.
     */
    private synchronized boolean claim(int currentRun) {
      while (true) {
        if (done == currentRun) {
          return false;
        }
        if (failed == currentRun) {
          throw new NoClassDefFoundError("Could not initialize class " + type.getName());
        }
        if (inProgress != currentRun) {
          inProgress = currentRun;
          initialising = Thread.currentThread();
          initialisingControlled = InitialisationWaits.current();
          return true;
        }
        if (initialising == Thread.currentThread()
            || InitialisationWaits.controlled(initialisingControlled)) {
          return false;
        }
        try {
          wait(); // as on the JVM's initialisation lock
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    private synchronized boolean failedIn(int currentRun) {
      return failed == currentRun;
    }

    /** Whether the class is being initialised in this run (neither finished nor failed). */
    private synchronized boolean inProgressBy(int currentRun) {
      return inProgress == currentRun && done != currentRun && failed != currentRun;
    }

    private void fail(int currentRun) {
      synchronized (this) {
        failed = currentRun;
        initialising = null;
        initialisingControlled = null;
        notifyAll();
      }
      InitialisationWaits.finished(type);
    }
  }
}
