package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Which calls of {@code AbstractQueuedSynchronizer}, {@code AbstractQueuedLongSynchronizer} and
 * {@code AbstractOwnableSynchronizer} methods become hook calls: all their final methods (state,
 * owner, acquire and release in every form, the queue and condition questions), called on the class
 * itself or on any subclass, virtually or as {@code super.m()} (they are final, so both reach the
 * same method). The program's own subclass keeps its class, superclass and fields; only these calls
 * change, so what it overrides ({@code tryAcquire} and the others) runs as written. The {@code
 * ConditionObject} methods are {@code Condition}'s, hooked already by {@link SyncCalls}.
 */
final class QueuedSynchronizerCalls {
  private static final String AOS = "java/util/concurrent/locks/AbstractOwnableSynchronizer";
  private static final String AQS = "java/util/concurrent/locks/AbstractQueuedSynchronizer";
  private static final String AQLS = "java/util/concurrent/locks/AbstractQueuedLongSynchronizer";

  /**
   * The final methods of both queued families, {@code #} standing for the state type ({@code I} or
   * {@code J}), {@code _} for {@code void} and {@code @} for the family's {@code ConditionObject}.
   */
  private static final List<String> QUEUED_METHODS =
      List.of(
          "getState()#",
          "setState(#)_",
          "compareAndSetState(##)Z",
          "acquire(#)_",
          "acquireInterruptibly(#)_",
          "tryAcquireNanos(#J)Z",
          "release(#)Z",
          "acquireShared(#)_",
          "acquireSharedInterruptibly(#)_",
          "tryAcquireSharedNanos(#J)Z",
          "releaseShared(#)Z",
          "hasQueuedThreads()Z",
          "hasContended()Z",
          "getFirstQueuedThread()Ljava/lang/Thread;",
          "isQueued(Ljava/lang/Thread;)Z",
          "hasQueuedPredecessors()Z",
          "getQueueLength()I",
          "getQueuedThreads()Ljava/util/Collection;",
          "getExclusiveQueuedThreads()Ljava/util/Collection;",
          "getSharedQueuedThreads()Ljava/util/Collection;",
          "owns(@)Z",
          "hasWaiters(@)Z",
          "getWaitQueueLength(@)I",
          "getWaitingThreads(@)Ljava/util/Collection;");

  /** Method (name and descriptor) to the API class that declares it. */
  private static final Map<String, String> DECLARING = new HashMap<>();

  static {
    for (String family : List.of(AQS, AQLS)) {
      String value = family.equals(AQS) ? "I" : "J";
      String condition = "L" + family + "$ConditionObject;";
      for (String m : QUEUED_METHODS) {
        int paren = m.indexOf('(');
        String desc =
            m.substring(paren).replace("#", value).replace("_", "V").replace("@", condition);
        DECLARING.put(m.substring(0, paren) + desc, family);
      }
    }
    DECLARING.put("getExclusiveOwnerThread()Ljava/lang/Thread;", AOS);
    DECLARING.put("setExclusiveOwnerThread(Ljava/lang/Thread;)V", AOS);
  }

  private QueuedSynchronizerCalls() {}

  static CallHooks.Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKESPECIAL) {
      return null;
    }
    String api = DECLARING.get(name + desc);
    if (api == null || owner.startsWith("[") || !types.isSubtypeOf(owner, api)) {
      return null;
    }
    String simple = api.substring(api.lastIndexOf('/') + 1);
    return replacement(api, name, desc, simple + "." + name);
  }

  private static CallHooks.Replacement replacement(
      String api, String name, String desc, String operation) {
    StringBuilder hook = new StringBuilder("(L").append(api).append(';');
    for (Type arg : Type.getArgumentTypes(desc)) {
      hook.append(arg.getDescriptor());
    }
    hook.append("I)").append(Type.getReturnType(desc).getDescriptor());
    return new CallHooks.Replacement(
        HookClasses.QUEUED_SYNCHRONIZERS, name, hook.toString(), operation, true);
  }

  /** Every replacement this table can choose, for {@link HookTable#all()}. */
  static List<CallHooks.Replacement> replacements() {
    List<CallHooks.Replacement> all = new ArrayList<>();
    for (Map.Entry<String, String> e : DECLARING.entrySet()) {
      String method = e.getKey();
      int paren = method.indexOf('(');
      all.add(replacement(e.getValue(), method.substring(0, paren), method.substring(paren), ""));
    }
    return all;
  }
}
