package dev.weft.runtime.instrument;

import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which method calls become hook calls: {@code Object.wait/notify/notifyAll}, the {@link Thread}
 * operations Weft models, the identities a target can observe ({@link
 * dev.weft.runtime.time.Identities}), and the calls that would end the JVM. The hook takes the
 * receiver (if any) and the original arguments, plus the site id when it is a scheduling point.
 */
final class CallHooks {
  /** A hook call that stands in for the original invocation. */
  record Replacement(
      String hookClass, String hook, String descriptor, String operation, boolean takesSite) {

    /** Whether the hook is one of the per-run models rather than Weft's scheduler. */
    boolean isModel() {
      return !ModelCalls.substitutesIn(hookClass);
    }
  }

  private CallHooks() {}

  static Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    Replacement sync = SyncCalls.replacementFor(opcode, owner, name, desc, types);
    if (sync != null) {
      return sync;
    }
    if (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE) {
      Replacement r = objectMethod(name, desc);
      if (r != null) {
        return r;
      }
      if (!isJdkClass(owner) || owner.equals("java/lang/Object")) {
        r = identityMethod(name, desc);
        if (r != null) {
          return r;
        }
      }
      if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Runtime")) {
        if ((name.equals("exit") || name.equals("halt")) && desc.equals("(I)V")) {
          return new Replacement(
              HookClasses.RUN, "runtimeExit", "(Ljava/lang/Runtime;I)V", "exit", false);
        }
      }
      if (opcode == Opcodes.INVOKEVIRTUAL && types.isThread(owner)) {
        return threadInstanceMethod(name, desc);
      }
      return null;
    }
    if (opcode == Opcodes.INVOKESPECIAL
        && owner.equals("java/lang/Object")
        && name.equals("hashCode")
        && desc.equals("()I")) {
      return identity("identityHashCode", "(Ljava/lang/Object;)I"); // super.hashCode()
    }
    if (opcode == Opcodes.INVOKESTATIC) {
      if (owner.equals("java/lang/System") && name.equals("exit") && desc.equals("(I)V")) {
        return new Replacement(HookClasses.RUN, "exit", "(I)V", "exit", false);
      }
      if (owner.equals("java/lang/System")
          && name.equals("identityHashCode")
          && desc.equals("(Ljava/lang/Object;)I")) {
        return identity("identityHashCode", "(Ljava/lang/Object;)I");
      }
      if (types.isThread(owner)) {
        return threadStaticMethod(name, desc);
      }
    }
    return null;
  }

  private static Replacement identity(String hook, String descriptor) {
    return new Replacement(HookClasses.IDENTITIES, hook, descriptor, "", false);
  }

  /** Classes of the JDK, by internal name (arrays count: their methods are the JDK's). */
  static boolean isJdkClass(String owner) {
    return owner.startsWith("java/")
        || owner.startsWith("javax/")
        || owner.startsWith("jdk/")
        || owner.startsWith("sun/")
        || owner.startsWith("[");
  }

  /**
   * {@code hashCode()} and {@code toString()} on a receiver typed as {@code Object} or as a target
   * class: the hook gives the run's identity hash where the class keeps {@code Object}'s. JDK-typed
   * receivers keep their own methods (and their access recording).
   */
  private static Replacement identityMethod(String name, String desc) {
    switch (name + desc) {
      case "hashCode()I":
        return identity("hashCode", "(Ljava/lang/Object;)I");
      case "toString()Ljava/lang/String;":
        return identity("toString", "(Ljava/lang/Object;)Ljava/lang/String;");
      default:
        return null;
    }
  }

  private static Replacement objectMethod(String name, String desc) {
    String obj = "Ljava/lang/Object;";
    switch (name + desc) {
      case "wait()V":
        return new Replacement(
            HookClasses.MONITORS, "waitUntimed", "(" + obj + "I)V", "wait", true);
      case "wait(J)V":
        return new Replacement(
            HookClasses.MONITORS, "waitTimed", "(" + obj + "JI)V", "wait(timeout)", true);
      case "wait(JI)V":
        return new Replacement(
            HookClasses.MONITORS, "waitTimedNanos", "(" + obj + "JII)V", "wait(timeout)", true);
      case "notify()V":
        return new Replacement(HookClasses.MONITORS, "notify", "(" + obj + "I)V", "notify", true);
      case "notifyAll()V":
        return new Replacement(
            HookClasses.MONITORS, "notifyAll", "(" + obj + "I)V", "notifyAll", true);
      default:
        return null;
    }
  }

  private static Replacement threadInstanceMethod(String name, String desc) {
    String thread = "Ljava/lang/Thread;";
    switch (name + desc) {
      case "start()V":
        return new Replacement(
            HookClasses.THREADS, "threadStart", "(" + thread + "I)V", "start", true);
      case "join()V":
        return new Replacement(
            HookClasses.THREADS, "threadJoin", "(" + thread + "I)V", "join", true);
      case "join(J)V":
        return new Replacement(
            HookClasses.THREADS, "threadJoinTimed", "(" + thread + "JI)V", "join(timeout)", true);
      case "join(JI)V":
        return new Replacement(
            HookClasses.THREADS,
            "threadJoinTimedNanos",
            "(" + thread + "JII)V",
            "join(timeout)",
            true);
      case "interrupt()V":
        return new Replacement(
            HookClasses.THREADS, "threadInterrupt", "(" + thread + "I)V", "interrupt", true);
      case "isInterrupted()Z":
        return new Replacement(
            HookClasses.THREADS, "threadIsInterrupted", "(" + thread + ")Z", "", false);
      case "isAlive()Z":
        return new Replacement(
            HookClasses.THREADS, "threadIsAlive", "(" + thread + ")Z", "", false);
      case "getId()J":
      case "threadId()J":
        return identity("threadId", "(" + thread + ")J");
      default:
        return null;
    }
  }

  private static Replacement threadStaticMethod(String name, String desc) {
    switch (name + desc) {
      case "yield()V":
      case "onSpinWait()V":
        return new Replacement(HookClasses.THREADS, "threadYield", "(I)V", "yield", true);
      case "sleep(J)V":
        return new Replacement(HookClasses.THREADS, "threadSleep", "(JI)V", "sleep", true);
      case "sleep(JI)V":
        return new Replacement(HookClasses.THREADS, "threadSleepNanos", "(JII)V", "sleep", true);
      case "interrupted()Z":
        return new Replacement(HookClasses.THREADS, "threadInterrupted", "()Z", "", false);
      case "currentThread()Ljava/lang/Thread;":
        return new Replacement(
            HookClasses.THREADS, "currentThread", "()Ljava/lang/Thread;", "", false);
      default:
        return null;
    }
  }
}
