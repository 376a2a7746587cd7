package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.instrument.calls.ApiCallTable.Entry;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Which calls into {@code java.util.concurrent} synchronisers, {@code LockSupport}, the clocks and
 * {@code Runtime.availableProcessors} become hook calls. An instance method is matched by name and
 * descriptor on any owner that is a subtype of the API type, so calls through {@code Lock}, {@code
 * ReentrantLock} or a target subclass all reach the hook, which then decides at run time whether
 * the JDK implements the method. The hook takes the receiver as the API type, the original
 * arguments and the site id.
 */
public final class SyncCalls {
  public static final String BARRIER = "java/util/concurrent/CyclicBarrier";
  private static final String QUEUE = "java/util/concurrent/BlockingQueue";
  private static final String DEQUE = "java/util/concurrent/BlockingDeque";
  private static final String FUTURE = "java/util/concurrent/Future";
  private static final String COMPLETABLE = "java/util/concurrent/CompletableFuture";
  private static final String OBJ = "Ljava/lang/Object;";
  private static final String FORK_JOIN_TASK = "java/util/concurrent/ForkJoinTask";

  private static final String LOCK = "java/util/concurrent/locks/Lock";
  private static final String CONDITION = "java/util/concurrent/locks/Condition";
  private static final String SEMAPHORE = "java/util/concurrent/Semaphore";
  private static final String LATCH = "java/util/concurrent/CountDownLatch";
  private static final String TIME_UNIT = "java/util/concurrent/TimeUnit";
  private static final String UNIT = "Ljava/util/concurrent/TimeUnit;";

  private static final ApiCallTable INSTANCE =
      new ApiCallTable(
          List.of(
              lock(LOCK, "lock()V", "lock"),
              lock(LOCK, "lockInterruptibly()V", "lockInterruptibly"),
              lock(LOCK, "tryLock()Z", "tryLock"),
              lock(LOCK, "tryLock(J" + UNIT + ")Z", "tryLockTimed"),
              lock(LOCK, "unlock()V", "unlock"),
              lock(LOCK, "newCondition()Ljava/util/concurrent/locks/Condition;", "newCondition"),
              lock(CONDITION, "await()V", "await"),
              lock(CONDITION, "awaitUninterruptibly()V", "awaitUninterruptibly"),
              lock(CONDITION, "await(J" + UNIT + ")Z", "awaitTimed"),
              lock(CONDITION, "awaitNanos(J)J", "awaitNanos"),
              lock(CONDITION, "awaitUntil(Ljava/util/Date;)Z", "awaitUntil"),
              lock(CONDITION, "signal()V", "signal"),
              lock(CONDITION, "signalAll()V", "signalAll"),
              sync(SEMAPHORE, "acquire()V", "acquire"),
              sync(SEMAPHORE, "acquire(I)V", "acquireN"),
              sync(SEMAPHORE, "acquireUninterruptibly()V", "acquireUninterruptibly"),
              sync(SEMAPHORE, "acquireUninterruptibly(I)V", "acquireUninterruptiblyN"),
              sync(SEMAPHORE, "tryAcquire()Z", "tryAcquire"),
              sync(SEMAPHORE, "tryAcquire(I)Z", "tryAcquireN"),
              sync(SEMAPHORE, "tryAcquire(J" + UNIT + ")Z", "tryAcquireTimed"),
              sync(SEMAPHORE, "tryAcquire(IJ" + UNIT + ")Z", "tryAcquireNTimed"),
              sync(SEMAPHORE, "release()V", "release"),
              sync(SEMAPHORE, "release(I)V", "releaseN"),
              sync(LATCH, "countDown()V", "countDown"),
              sync(LATCH, "getCount()J", "getCount"),
              sync(LATCH, "await()V", "latchAwait"),
              sync(LATCH, "await(J" + UNIT + ")Z", "latchAwaitTimed"),
              sync(BARRIER, "await()I", "barrierAwait"),
              sync(BARRIER, "await(J" + UNIT + ")I", "barrierAwaitTimed"),
              sync(BARRIER, "reset()V", "barrierReset"),
              sync(BARRIER, "isBroken()Z", "barrierIsBroken"),
              sync(BARRIER, "getNumberWaiting()I", "barrierNumberWaiting"),
              stamped("writeLock()J", "writeLock"),
              stamped("writeLockInterruptibly()J", "writeLockInterruptibly"),
              stamped("tryWriteLock()J", "tryWriteLock"),
              stamped("tryWriteLock(J" + UNIT + ")J", "tryWriteLockTimed"),
              stamped("readLock()J", "readLock"),
              stamped("readLockInterruptibly()J", "readLockInterruptibly"),
              stamped("tryReadLock()J", "tryReadLock"),
              stamped("tryReadLock(J" + UNIT + ")J", "tryReadLockTimed"),
              stamped("unlockWrite(J)V", "unlockWrite"),
              stamped("unlockRead(J)V", "unlockRead"),
              stamped("unlock(J)V", "unlockStamp"),
              stamped("tryUnlockWrite()Z", "tryUnlockWrite"),
              stamped("tryUnlockRead()Z", "tryUnlockRead"),
              stamped("tryConvertToWriteLock(J)J", "tryConvertToWriteLock"),
              stamped("tryConvertToReadLock(J)J", "tryConvertToReadLock"),
              stamped("tryConvertToOptimisticRead(J)J", "tryConvertToOptimisticRead"),
              stamped("tryOptimisticRead()J", "tryOptimisticRead"),
              stamped("validate(J)Z", "validate"),
              phaser("arrive()I", "arrive"),
              phaser("arriveAndDeregister()I", "arriveAndDeregister"),
              phaser("forceTermination()V", "forceTermination"),
              phaser("arriveAndAwaitAdvance()I", "arriveAndAwaitAdvance"),
              phaser("awaitAdvance(I)I", "awaitAdvance"),
              phaser("awaitAdvanceInterruptibly(I)I", "awaitAdvanceInterruptibly"),
              phaser("awaitAdvanceInterruptibly(IJ" + UNIT + ")I", "awaitAdvanceTimed"),
              phaser("register()I", "register"),
              phaser("bulkRegister(I)I", "bulkRegister"),
              exchanger("exchange(" + OBJ + ")" + OBJ, "exchange"),
              exchanger("exchange(" + OBJ + "J" + UNIT + ")" + OBJ, "exchangeTimed"),
              new Entry(TIME_UNIT, "sleep(J)V", HookClasses.THREADS, "timeUnitSleep"),
              blocking(QUEUE, "take()" + OBJ, "take"),
              blocking(QUEUE, "poll(J" + UNIT + ")" + OBJ, "pollTimed"),
              blocking(QUEUE, "put(" + OBJ + ")V", "put"),
              blocking(QUEUE, "offer(" + OBJ + "J" + UNIT + ")Z", "offerTimed"),
              blocking(DEQUE, "takeFirst()" + OBJ, "takeFirst"),
              blocking(DEQUE, "takeLast()" + OBJ, "takeLast"),
              blocking(DEQUE, "putFirst(" + OBJ + ")V", "putFirst"),
              blocking(DEQUE, "putLast(" + OBJ + ")V", "putLast"),
              blocking(FUTURE, "get()" + OBJ, "get"),
              blocking(FUTURE, "get(J" + UNIT + ")" + OBJ, "getTimed"),
              blocking(COMPLETABLE, "join()" + OBJ, "join"),
              forkJoin("fork()L" + FORK_JOIN_TASK + ";", "fork"),
              forkJoin("join()" + OBJ, "join"),
              forkJoin("quietlyJoin()V", "quietlyJoin")));

  /** Static methods: owner and method to hook; a site is passed unless the hook is a clock. */
  private static final Map<String, String> STATIC =
      Map.ofEntries(
          Map.entry("java/util/concurrent/locks/LockSupport.park()V", "park"),
          Map.entry(
              "java/util/concurrent/locks/LockSupport.park(Ljava/lang/Object;)V", "parkBlocker"),
          Map.entry("java/util/concurrent/locks/LockSupport.parkNanos(J)V", "parkNanos"),
          Map.entry(
              "java/util/concurrent/locks/LockSupport.parkNanos(Ljava/lang/Object;J)V",
              "parkNanosBlocker"),
          Map.entry("java/util/concurrent/locks/LockSupport.parkUntil(J)V", "parkUntil"),
          Map.entry(
              "java/util/concurrent/locks/LockSupport.parkUntil(Ljava/lang/Object;J)V",
              "parkUntilBlocker"),
          Map.entry(
              "java/util/concurrent/locks/LockSupport.unpark(Ljava/lang/Thread;)V", "unpark"));

  private SyncCalls() {}

  private static Entry blocking(String api, String method, String hook) {
    return new Entry(api, method, HookClasses.BLOCKING, hook);
  }

  private static Entry forkJoin(String method, String hook) {
    return new Entry(FORK_JOIN_TASK, method, ModelCalls.MODEL_FORK_JOIN, hook);
  }

  private static Entry lock(String api, String method, String hook) {
    return new Entry(api, method, HookClasses.LOCKS, hook);
  }

  private static Entry sync(String api, String method, String hook) {
    return new Entry(api, method, HookClasses.SYNCHRONIZERS, hook);
  }

  private static Entry stamped(String method, String hook) {
    return new Entry(
        "java/util/concurrent/locks/StampedLock", method, HookClasses.STAMPED_LOCKS, hook);
  }

  private static Entry phaser(String method, String hook) {
    return new Entry("java/util/concurrent/Phaser", method, HookClasses.PHASERS, hook);
  }

  private static Entry exchanger(String method, String hook) {
    return new Entry("java/util/concurrent/Exchanger", method, HookClasses.EXCHANGERS, hook);
  }

  static CallHooks.Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    if (opcode == Opcodes.INVOKESTATIC) {
      if (owner.equals("java/lang/System")
          && (name.equals("nanoTime") || name.equals("currentTimeMillis"))
          && desc.equals("()J")) {
        return new CallHooks.Replacement(HookClasses.TIME, name, "()J", "", false);
      }
      String hook = STATIC.get(owner + "." + name + desc);
      if (hook == null) {
        return null;
      }
      return new CallHooks.Replacement(
          HookClasses.PARKING, hook, withSite(null, desc), "LockSupport." + name, true);
    }
    if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKEINTERFACE) {
      return null;
    }
    if (owner.equals("java/lang/Runtime") && (name + desc).equals(AVAILABLE_PROCESSORS)) {
      return availableProcessors();
    }
    return INSTANCE.replacementFor(opcode, owner, name, desc, types);
  }

  /** Every replacement these tables can choose, for {@link HookTable#all()}. */
  static List<CallHooks.Replacement> replacements() {
    List<CallHooks.Replacement> all = new java.util.ArrayList<>(INSTANCE.replacements());
    for (Map.Entry<String, String> e : STATIC.entrySet()) {
      String desc = e.getKey().substring(e.getKey().indexOf('('));
      all.add(
          new CallHooks.Replacement(
              HookClasses.PARKING, e.getValue(), withSite(null, desc), "", true));
    }
    for (String clock : List.of("nanoTime", "currentTimeMillis")) {
      all.add(new CallHooks.Replacement(HookClasses.TIME, clock, "()J", "", false));
    }
    all.add(availableProcessors());
    return all;
  }

  private static final String AVAILABLE_PROCESSORS = "availableProcessors()I";

  /** The process's processors, not the pinned carrier's one ({@code MachineHooks}). */
  private static CallHooks.Replacement availableProcessors() {
    return new CallHooks.Replacement(
        HookClasses.MACHINE, "availableProcessors", "(Ljava/lang/Runtime;)I", "", false);
  }

  /** The hook's descriptor: the receiver as the API type (if any), the arguments, the site. */
  static String withSite(String receiver, String desc) {
    StringBuilder b = new StringBuilder("(");
    if (receiver != null) {
      b.append('L').append(receiver).append(';');
    }
    for (Type arg : Type.getArgumentTypes(desc)) {
      b.append(arg.getDescriptor());
    }
    return b.append("I)").append(Type.getReturnType(desc).getDescriptor()).toString();
  }
}
