package dev.weft.runtime.jdk;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.inside.LockFreeCollections;
import dev.weft.runtime.races.NotThreadSafe;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.runtime.sync.FieldUpdaters;
import dev.weft.runtime.sync.Monitors;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.lang.annotation.Annotation;
import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls from target code into JDK collections, atomics and other {@code java.util.concurrent}
 * classes, made visible as one access each. The instrumentation turns such a call into an {@code
 * invokedynamic} whose bootstrap is here; the call site then runs: a scheduling point recorded as a
 * read, write or update of the receiver (of one element for atomic arrays, of the field for field
 * updaters), the real call with no switch inside it (the JDK may hold its own locks while it calls
 * back into target code), and, after a write, a note that modelled state changed so that threads
 * blocked on the object retry. A call on an object local to the calling thread is none of that.
 */
public final class JdkCalls {
  private static final MethodHandle ENTER;
  private static final MethodHandle OBSERVE;
  private static final MethodHandle ENTER_INDEXED;
  private static final MethodHandle ENTER_FIELD;
  private static final MethodHandle EXIT;
  private static final MethodHandle EXIT_VOID;
  private static final MethodHandle EXIT_CAS;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      MethodType enter =
          MethodType.methodType(Object.class, Object.class, int.class, int.class, String.class);
      ENTER =
          l.findStatic(
              JdkCalls.class,
              "enter",
              enter.appendParameterTypes(ReceiverMonitors.class, String.class));
      OBSERVE =
          l.findStatic(
              JdkCalls.class,
              "observe",
              MethodType.methodType(
                  Object.class, Object.class, String.class, int.class, String.class));
      ENTER_INDEXED =
          l.findStatic(JdkCalls.class, "enterIndexed", enter.insertParameterTypes(1, int.class));
      ENTER_FIELD =
          l.findStatic(JdkCalls.class, "enterField", enter.insertParameterTypes(1, Object.class));
      EXIT =
          l.findStatic(
              JdkCalls.class,
              "exit",
              MethodType.methodType(
                  Object.class, Throwable.class, Object.class, Object.class, int.class, int.class));
      EXIT_VOID =
          l.findStatic(
              JdkCalls.class,
              "exitVoid",
              MethodType.methodType(
                  void.class, Throwable.class, Object.class, int.class, int.class));
      EXIT_CAS =
          l.findStatic(
              JdkCalls.class,
              "exitCas",
              MethodType.methodType(
                  boolean.class,
                  Throwable.class,
                  boolean.class,
                  Object.class,
                  int.class,
                  int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Per run: the event of the JDK call in progress, to correct a failed CAS into a read. One slot
   * is enough: a JDK call runs with no switch inside.
   */
  private static final RunLocal<int[]> LAST_ACCESS = new RunLocal<>(() -> new int[1]);

  /** Token of a call that was recorded as an access and runs atomically. */
  private static final Object ACCESS = new Object();

  private JdkCalls() {}

  /**
   * Bootstrap of every intercepted call site. {@code type} is the call's type with the receiver
   * first; {@code site} is the site id of the call.
   */
  public static CallSite bootstrap(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    LinkedCall key = new LinkedCall(site, name, type);
    MethodHandle linked = LINKED.get(key);
    if (linked == null) {
      linked = link(caller, name, type, site);
      if (LinkedCall.jdkTypesOnly(type)
          && SHAREABLE.computeIfAbsent(key, k -> LinkedCall.sameForEveryRun(type, name))) {
        LINKED.putIfAbsent(key, linked);
      }
    }
    return new ConstantCallSite(linked);
  }

  /**
   * Call sites linked in an earlier run, for the same site in a later one: every run defines the
   * target's classes afresh, so without this each run built every JDK call's handle again, which
   * cost a short run of a program using executors about a tenth of its time. Only calls whose
   * handle cannot depend on the run are kept ({@link LinkedCall#sameForEveryRun}).
   */
  private static final ConcurrentHashMap<LinkedCall, MethodHandle> LINKED =
      new ConcurrentHashMap<>();

  /**
   * Whether a call whose type names only the JDK's classes may be kept ({@link
   * LinkedCall#sameForEveryRun}), decided once: it gets the same answer in every run. (A type that
   * names the run's classes is never kept, nor remembered: it would hold the run's loader.)
   */
  private static final ConcurrentHashMap<LinkedCall, Boolean> SHAREABLE = new ConcurrentHashMap<>();

  /** One call site of one instruction; the site id is the same in every run of a target. */
  private record LinkedCall(int site, String name, MethodType type) {
    /**
     * Whether the call's handle is the same whichever run links it: it mentions only the JDK's own
     * classes (not the run's), the method is public, not caller-sensitive (its handle would be
     * bound to the calling class), and not one whose default pool or timer is replaced by a run's
     * model.
     */
    static boolean sameForEveryRun(MethodType type, String name) {
      Class<?> owner = type.parameterType(0);
      if (!jdkTypesOnly(type)
          || CompletionDefaults.mayRedirect(owner, name, type)
          || !Modifier.isPublic(owner.getModifiers())) {
        return false;
      }
      try {
        Method m = owner.getMethod(name, type.dropParameterTypes(0, 1).parameterArray());
        for (Annotation a : m.getDeclaredAnnotations()) {
          if (a.annotationType().getSimpleName().equals("CallerSensitive")) {
            return false;
          }
        }
        return true;
      } catch (NoSuchMethodException | RuntimeException e) {
        return false;
      }
    }

    /** Whether every class the call's type names is the JDK's own, not one of a run. */
    static boolean jdkTypesOnly(MethodType type) {
      for (Class<?> c : type.parameterArray()) {
        if (!isJdkClass(c)) {
          return false;
        }
      }
      return isJdkClass(type.returnType());
    }

    private static boolean isJdkClass(Class<?> c) {
      while (c.isArray()) {
        c = c.getComponentType();
      }
      ClassLoader l = c.getClassLoader();
      return c.isPrimitive() || l == null || l == ClassLoader.getPlatformClassLoader();
    }
  }

  private static MethodHandle link(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    Class<?> owner = type.parameterType(0);
    MethodHandle target = CompletionDefaults.redirect(caller, owner, name, type);
    if (target == null) {
      target = caller.findVirtual(owner, name, type.dropParameterTypes(0, 1)).asType(type);
    }
    int kind = AccessKinds.of(name);
    String npe =
        "Cannot invoke \"" + owner.getName() + "." + name + "()\" because the receiver is null";
    MethodHandle enter = enterFor(owner, name, type, kind, site, npe);
    // token: what enter took (an access, a monitor) and exit must close
    MethodHandle core = MethodHandles.dropArguments(target, 0, Object.class);
    Class<?> ret = type.returnType();
    int writes = kind == EventKind.READ.ordinal() ? 0 : 1;
    MethodHandle exit;
    if (ret == void.class) {
      exit = MethodHandles.insertArguments(EXIT_VOID, 2, writes, site);
    } else if (kind == AccessKinds.CAS && ret == boolean.class) {
      exit = MethodHandles.insertArguments(EXIT_CAS, 3, writes, site);
    } else {
      exit =
          MethodHandles.insertArguments(EXIT, 3, writes, site)
              .asType(MethodType.methodType(ret, Throwable.class, ret, Object.class));
    }
    MethodHandle guarded = MethodHandles.tryFinally(core, exit);
    return MethodHandles.foldArguments(guarded, 0, enter);
  }

  /**
   * Bootstrap of a {@code super.get(key)} from a target subclass of a class the race oracle watches
   * (an LRU cache extending {@code LinkedHashMap}): the call is logged for the oracle, as a call on
   * the JDK class would be, and runs as the {@code invokespecial} it replaces.
   */
  public static CallSite bootstrapSuper(
      MethodHandles.Lookup caller, String name, MethodType type, int site)
      throws ReflectiveOperationException {
    Class<?> owner = type.parameterType(0);
    MethodHandle target =
        caller
            .findSpecial(owner, name, type.dropParameterTypes(0, 1), caller.lookupClass())
            .asType(type);
    String npe =
        "Cannot invoke \"" + owner.getName() + "." + name + "()\" because the receiver is null";
    MethodHandle enter =
        MethodHandles.insertArguments(OBSERVE, 1, name, site, npe)
            .asType(MethodType.methodType(Object.class, owner));
    MethodHandle core = MethodHandles.dropArguments(target, 0, Object.class);
    Class<?> ret = type.returnType();
    MethodHandle exit =
        ret == void.class
            ? MethodHandles.insertArguments(EXIT_VOID, 2, 0, site)
            : MethodHandles.insertArguments(EXIT, 3, 0, site)
                .asType(MethodType.methodType(ret, Throwable.class, ret, Object.class));
    MethodHandle guarded = MethodHandles.tryFinally(core, exit);
    return new ConstantCallSite(MethodHandles.foldArguments(guarded, 0, enter));
  }

  private static MethodHandle enterFor(
      Class<?> owner, String name, MethodType type, int kind, int site, String npe) {
    int k = kind == AccessKinds.CAS ? EventKind.UPDATE.ordinal() : kind;
    String ownerName = owner.getName();
    if (NotThreadSafe.isObservedOwner(ownerName.replace('.', '/'))) {
      return MethodHandles.insertArguments(OBSERVE, 1, name, site, npe)
          .asType(MethodType.methodType(Object.class, owner));
    }
    boolean atomicArray =
        ownerName.startsWith("java.util.concurrent.atomic.Atomic") && ownerName.endsWith("Array");
    boolean fieldUpdater =
        ownerName.startsWith("java.util.concurrent.atomic.Atomic")
            && ownerName.endsWith("FieldUpdater");
    if (atomicArray && type.parameterCount() > 1 && type.parameterType(1) == int.class) {
      return MethodHandles.insertArguments(ENTER_INDEXED, 2, k, site, npe)
          .asType(MethodType.methodType(Object.class, owner, int.class));
    }
    if (fieldUpdater && type.parameterCount() > 1 && !type.parameterType(1).isPrimitive()) {
      return MethodHandles.insertArguments(ENTER_FIELD, 2, k, site, npe)
          .asType(MethodType.methodType(Object.class, owner, type.parameterType(1)));
    }
    ReceiverMonitors monitors =
        new ReceiverMonitors(name, type.dropParameterTypes(0, 1).parameterArray());
    return MethodHandles.insertArguments(ENTER, 1, k, site, npe, monitors, name)
        .asType(MethodType.methodType(Object.class, owner));
  }

  /** The calling thread, if this call is a new access: controlled, JDK code, not nested. */
  private static ControlledThread accessor(Object receiver, String npe) {
    if (receiver == null) {
      throw new NullPointerException(npe);
    }
    if (!JdkClasses.isJdkClass(receiver.getClass())) {
      return null;
    }
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      ActiveRun.self(); // marks the run: an uncontrolled thread runs target code
      return null;
    }
    if (t.inAtomicSection() || t.scheduler().isAborted()) {
      return null;
    }
    return t;
  }

  /**
   * The calling thread if {@code receiver} is local to it: no other thread can reach the object, so
   * the call is no access and takes no monitor (it is still logged for the race oracle, which must
   * see what was done to an object before it was published). A receiver local to another thread
   * becomes shared here, as a missed escape.
   */
  private static ControlledThread ownerOfLocal(Object receiver) {
    ControlledThread t = ControlledThread.current();
    if (t == null || t.inAtomicSection()) {
      return null;
    }
    Scheduler s = t.scheduler();
    return !s.isAborted() && s.locals().isLocal(receiver, t) ? t : null;
  }

  private static Object access(ControlledThread t, long location, int kind, int site) {
    Scheduler s = t.scheduler();
    s.point(t, EventKind.of(kind), location, site, null, 0);
    LAST_ACCESS.of(s)[0] = s.lastEvent();
    t.enterAtomic();
    return ACCESS;
  }

  /**
   * The access of a reading call on one of the JDK's lock-free collections ({@code size}, {@code
   * contains}, {@code toArray}, {@code forEach}, ...), whose inner steps are points of their own on
   * the same location while the call runs ({@link LockFreeCollections}): not atomic, so other
   * threads can run between them and the traversal sees what it may on a JVM. The updating calls
   * ({@code offer}, {@code poll}, ...) stay atomic: each is linearizable, and a traversal that runs
   * between whole updates meets every state it could meet between their CASes.
   */
  private static Object accessInside(ControlledThread t, long location, int kind, int site) {
    Scheduler s = t.scheduler();
    s.point(t, EventKind.of(kind), location, site, null, 0);
    LAST_ACCESS.of(s)[0] = s.lastEvent();
    long outer = t.inJdk().insideLockFree();
    t.inJdk().insideLockFree(location);
    return new Inside(outer);
  }

  /** Token of a call inside a lock-free collection: the location of the call around it, or 0. */
  private record Inside(long outer) {}

  static Object enter(
      Object receiver,
      int kind,
      int site,
      String npe,
      ReceiverMonitors receiverMonitors,
      String method) {
    if (receiver == null) {
      throw new NullPointerException(npe);
    }
    ControlledThread owner = ownerOfLocal(receiver);
    if (owner != null) {
      RaceCalls.jdkCall(receiver, 0, method, site);
      return null;
    }
    Object monitor = receiverMonitors.monitorOf(receiver);
    if (monitor != null) {
      ControlledThread t = ControlledThread.current();
      if (t == null || t.scheduler().isAborted()) {
        monitor = null;
      } else {
        Monitors.enter(monitor, site); // may wait, even inside another JDK call's callback
      }
    }
    ControlledThread t = accessor(receiver, npe);
    long location =
        t == null ? 0 : t.scheduler().objectLocation(receiver, Locations.CONTENTS_MEMBER, site);
    Object accessed =
        t == null
            ? null
            : monitor == null
                    && kind == EventKind.READ.ordinal()
                    && LockFreeCollections.runsInside(receiver, method)
                ? accessInside(t, location, kind, site)
                : access(t, location, kind, site);
    RaceCalls.jdkCall(receiver, t == null ? 0 : Locations.objectNumber(location), method, site);
    return monitor == null ? accessed : new HeldMonitor(monitor, accessed != null);
  }

  /** A call on a class the race oracle watches without a scheduling point (a {@code Matcher}). */
  static Object observe(Object receiver, String method, int site, String npe) {
    if (receiver == null) {
      throw new NullPointerException(npe);
    }
    RaceCalls.jdkCall(receiver, 0, method, site);
    return null;
  }

  static Object enterIndexed(Object array, int index, int kind, int site, String npe) {
    ControlledThread t = accessor(array, npe);
    return t == null
        ? null
        : access(t, t.scheduler().objectLocation(array, index, site), kind, site);
  }

  static Object enterField(Object updater, Object obj, int kind, int site, String npe) {
    ControlledThread t = accessor(updater, npe);
    if (t == null) {
      return null;
    }
    Integer field = FieldUpdaters.fieldOf(t.scheduler(), updater);
    long location =
        obj != null && field != null
            ? t.scheduler().objectLocation(obj, field, site)
            : t.scheduler().objectLocation(updater, Locations.CONTENTS_MEMBER, site);
    return access(t, location, kind, site);
  }

  private static void leave(Object token, int writes, int site) {
    if (token == null) {
      return;
    }
    if (token instanceof Inside inside) {
      ControlledThread t = ControlledThread.current();
      t.inJdk().insideLockFree(inside.outer());
      if (writes != 0) {
        t.scheduler().changed();
      }
      return;
    }
    HeldMonitor held = token instanceof HeldMonitor h ? h : null;
    if (held == null || held.accessed()) {
      ControlledThread t = ControlledThread.current();
      t.exitAtomic();
      if (writes != 0) {
        t.scheduler().changed();
      }
    }
    if (held != null) {
      Monitors.exit(held.monitor(), site);
    }
  }

  static Object exit(Throwable thrown, Object result, Object token, int writes, int site) {
    leave(token, writes, site);
    return result;
  }

  static void exitVoid(Throwable thrown, Object token, int writes, int site) {
    leave(token, writes, site);
  }

  static boolean exitCas(Throwable thrown, boolean succeeded, Object token, int writes, int site) {
    if (token == ACCESS && !succeeded && thrown == null) {
      ControlledThread t = ControlledThread.current();
      Scheduler s = t.scheduler();
      s.updateFailed(LAST_ACCESS.of(s)[0]);
    }
    leave(token, writes, site);
    return succeeded;
  }

  /** Token of a call that took the receiver's monitor in the model (and maybe an access). */
  private record HeldMonitor(Object monitor, boolean accessed) {}
}
