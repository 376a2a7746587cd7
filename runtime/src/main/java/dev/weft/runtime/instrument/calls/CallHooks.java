package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which method calls become hook calls: {@code Object.wait/notify/notifyAll}, the {@link Thread}
 * operations Weft models, the identities a target can observe ({@link
 * dev.weft.runtime.time.Identities}), and the calls that would end the JVM. The hook takes the
 * receiver (if any) and the original arguments, plus the site id when it is a scheduling point.
 */
public final class CallHooks {
  /** A hook call that stands in for the original invocation. */
  public record Replacement(
      String hookClass, String hook, String descriptor, String operation, boolean takesSite) {
    /** Whether the hook is one of the per-run models rather than Weft's scheduler. */
    public boolean isModel() {
      return !ModelCalls.substitutesIn(hookClass);
    }

    public HookCall call() {
      return new HookCall(hookClass, hook, descriptor);
    }
  }

  private static final String OBJ = "Ljava/lang/Object;";
  private static final String THREAD = "Ljava/lang/Thread;";

  /** {@code Object}'s monitor methods, by name and descriptor. */
  private static final Map<String, Replacement> OBJECT_METHODS =
      Map.of(
          "wait()V", monitor("waitUntimed", "(" + OBJ + "I)V", "wait"),
          "wait(J)V", monitor("waitTimed", "(" + OBJ + "JI)V", "wait(timeout)"),
          "wait(JI)V", monitor("waitTimedNanos", "(" + OBJ + "JII)V", "wait(timeout)"),
          "notify()V", monitor("notify", "(" + OBJ + "I)V", "notify"),
          "notifyAll()V", monitor("notifyAll", "(" + OBJ + "I)V", "notifyAll"));

  /**
   * {@code hashCode()} and {@code toString()} on a receiver typed as {@code Object} or as a target
   * class: the hook gives the run's identity hash where the class keeps {@code Object}'s. JDK-typed
   * receivers keep their own methods (and their access recording).
   */
  private static final Map<String, Replacement> IDENTITY_METHODS =
      Map.of(
          "hashCode()I", identity("hashCode", "(" + OBJ + ")I"),
          "toString()Ljava/lang/String;", identity("toString", "(" + OBJ + ")Ljava/lang/String;"));

  private static final Map<String, Replacement> THREAD_INSTANCE_METHODS =
      Map.ofEntries(
          Map.entry("start()V", thread("threadStart", "(" + THREAD + "I)V", "start", true)),
          Map.entry("join()V", thread("threadJoin", "(" + THREAD + "I)V", "join", true)),
          Map.entry(
              "join(J)V", thread("threadJoinTimed", "(" + THREAD + "JI)V", "join(timeout)", true)),
          Map.entry(
              "join(JI)V",
              thread("threadJoinTimedNanos", "(" + THREAD + "JII)V", "join(timeout)", true)),
          Map.entry(
              "interrupt()V", thread("threadInterrupt", "(" + THREAD + "I)V", "interrupt", true)),
          Map.entry(
              "isInterrupted()Z", thread("threadIsInterrupted", "(" + THREAD + ")Z", "", false)),
          Map.entry("isAlive()Z", thread("threadIsAlive", "(" + THREAD + ")Z", "", false)),
          Map.entry("setDaemon(Z)V", thread("threadSetDaemon", "(" + THREAD + "Z)V", "", false)),
          Map.entry("isDaemon()Z", thread("threadIsDaemon", "(" + THREAD + ")Z", "", false)),
          Map.entry("getId()J", identity("threadId", "(" + THREAD + ")J")),
          Map.entry("threadId()J", identity("threadId", "(" + THREAD + ")J")));

  private static final Map<String, Replacement> THREAD_STATIC_METHODS =
      Map.of(
          "yield()V",
          thread("threadYield", "(I)V", "yield", true),
          "onSpinWait()V",
          thread("threadYield", "(I)V", "yield", true),
          "sleep(J)V",
          thread("threadSleep", "(JI)V", "sleep", true),
          "sleep(JI)V",
          thread("threadSleepNanos", "(JII)V", "sleep", true),
          "interrupted()Z",
          thread("threadInterrupted", "()Z", "", false),
          "holdsLock(" + OBJ + ")Z",
          thread("threadHoldsLock", "(" + OBJ + ")Z", "", false),
          "currentThread()Ljava/lang/Thread;",
          thread("currentThread", "()Ljava/lang/Thread;", "", false));

  private static final Replacement RUNTIME_EXIT =
      new Replacement(HookClasses.RUN, "runtimeExit", "(Ljava/lang/Runtime;I)V", "exit", false);
  private static final Replacement ADD_SHUTDOWN_HOOK =
      new Replacement(
          HookClasses.RUN,
          "addShutdownHook",
          "(Ljava/lang/Runtime;Ljava/lang/Thread;)V",
          "addShutdownHook",
          false);
  private static final Replacement REMOVE_SHUTDOWN_HOOK =
      new Replacement(
          HookClasses.RUN,
          "removeShutdownHook",
          "(Ljava/lang/Runtime;Ljava/lang/Thread;)Z",
          "removeShutdownHook",
          false);
  private static final Replacement MATH_RANDOM =
      new Replacement(HookClasses.RANDOM, "random", "()D", "random", false);
  private static final Replacement RANDOM_UUID =
      new Replacement(HookClasses.RANDOM, "randomUUID", "()Ljava/util/UUID;", "randomUUID", false);
  private static final Replacement SYSTEM_EXIT =
      new Replacement(HookClasses.RUN, "exit", "(I)V", "exit", false);
  private static final Replacement IDENTITY_HASH_CODE =
      identity("identityHashCode", "(" + OBJ + ")I");

  private CallHooks() {}

  private static Replacement monitor(String hook, String descriptor, String operation) {
    return new Replacement(HookClasses.MONITORS, hook, descriptor, operation, true);
  }

  private static Replacement thread(
      String hook, String descriptor, String operation, boolean takesSite) {
    return new Replacement(HookClasses.THREADS, hook, descriptor, operation, takesSite);
  }

  private static Replacement identity(String hook, String descriptor) {
    return new Replacement(HookClasses.IDENTITIES, hook, descriptor, "", false);
  }

  public static Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    Replacement sync = SyncCalls.replacementFor(opcode, owner, name, desc, types);
    if (sync != null) {
      return sync;
    }
    Replacement net = NetCalls.TABLE.replacementFor(opcode, owner, name, desc, types);
    if (net != null) {
      return net;
    }
    Replacement process = ProcessCalls.TABLE.replacementFor(opcode, owner, name, desc, types);
    if (process != null) {
      return process;
    }
    Replacement random = RandomCalls.replacementFor(opcode, owner, name, desc);
    if (random != null) {
      return random;
    }
    Replacement queued = QueuedSynchronizerCalls.replacementFor(opcode, owner, name, desc, types);
    if (queued != null) {
      return queued;
    }
    String method = name + desc;
    if (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE) {
      Replacement r = OBJECT_METHODS.get(method);
      if (r != null) {
        return r;
      }
      if (!isJdkClass(owner) || owner.equals("java/lang/Object")) {
        r = IDENTITY_METHODS.get(method);
        if (r != null) {
          return r;
        }
      }
      if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Runtime")) {
        if ((name.equals("exit") || name.equals("halt")) && desc.equals("(I)V")) {
          return RUNTIME_EXIT;
        }
        if (name.equals("addShutdownHook") && desc.equals("(Ljava/lang/Thread;)V")) {
          return ADD_SHUTDOWN_HOOK;
        }
        if (name.equals("removeShutdownHook") && desc.equals("(Ljava/lang/Thread;)Z")) {
          return REMOVE_SHUTDOWN_HOOK;
        }
      }
      if (opcode == Opcodes.INVOKEVIRTUAL && types.isThread(owner)) {
        return THREAD_INSTANCE_METHODS.get(method);
      }
      return null;
    }
    if (opcode == Opcodes.INVOKESPECIAL
        && owner.equals("java/lang/Object")
        && method.equals("hashCode()I")) {
      return IDENTITY_HASH_CODE; // super.hashCode()
    }
    if (opcode == Opcodes.INVOKESTATIC) {
      if (owner.equals("java/lang/System") && method.equals("exit(I)V")) {
        return SYSTEM_EXIT;
      }
      if ((owner.equals("java/lang/Math") || owner.equals("java/lang/StrictMath"))
          && method.equals("random()D")) {
        return MATH_RANDOM;
      }
      if (owner.equals("java/util/UUID") && method.equals("randomUUID()Ljava/util/UUID;")) {
        return RANDOM_UUID;
      }
      if (owner.equals("java/lang/System")
          && method.equals("identityHashCode(Ljava/lang/Object;)I")) {
        return IDENTITY_HASH_CODE;
      }
      if (types.isThread(owner)) {
        return THREAD_STATIC_METHODS.get(method);
      }
    }
    return null;
  }

  /** Classes of the JDK, by internal name (arrays count: their methods are the JDK's). */
  static boolean isJdkClass(String owner) {
    return owner.startsWith("java/")
        || owner.startsWith("javax/")
        || owner.startsWith("jdk/")
        || owner.startsWith("sun/")
        || owner.startsWith("[");
  }

  /** Every hook these tables (and {@link SyncCalls}') can choose. */
  static List<HookCall> hooks() {
    List<Replacement> all = new ArrayList<>();
    all.addAll(OBJECT_METHODS.values());
    all.addAll(IDENTITY_METHODS.values());
    all.addAll(THREAD_INSTANCE_METHODS.values());
    all.addAll(THREAD_STATIC_METHODS.values());
    all.addAll(
        List.of(
            RUNTIME_EXIT,
            SYSTEM_EXIT,
            ADD_SHUTDOWN_HOOK,
            REMOVE_SHUTDOWN_HOOK,
            MATH_RANDOM,
            RANDOM_UUID,
            IDENTITY_HASH_CODE));
    all.addAll(SyncCalls.replacements());
    all.addAll(QueuedSynchronizerCalls.replacements());
    all.addAll(NetCalls.TABLE.replacements());
    all.addAll(ProcessCalls.TABLE.replacements());
    all.addAll(RandomCalls.replacements());
    return all.stream().map(Replacement::call).distinct().toList();
  }
}
