package dev.weft.runtime.juc.queued;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkClasses;
import dev.weft.trace.EventKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * The framework of {@code AbstractQueuedSynchronizer} and {@code AbstractQueuedLongSynchronizer}
 * for the program's own subclasses (a lock, latch or semaphore a library builds on it): the JDK
 * would park a waiting thread where Weft cannot see it, so the queue and its waits are kept here,
 * while the program's {@code tryAcquire}, {@code tryRelease}, their shared forms and {@code
 * isHeldExclusively} run as they are, and its state stays in the JDK's own field.
 *
 * <p>Waking follows the JDK: a thread that fails its first attempt queues; only the first queued
 * thread tries again, and it waits between attempts until a {@code release} whose {@code
 * tryRelease} returned true signals it (a shared acquire that succeeds signals a shared thread
 * behind it; a first thread that gives up passes the signal on). Newcomers may still barge in ahead
 * of the queue. So a program whose release forgets to report the release hangs here as on the JVM,
 * and that hang is a deadlock finding. The state is a {@code volatile} field: its reads, writes and
 * compare-and-sets are scheduling points on it; the owner thread's too.
 */
final class SynchronizerModel {
  private static final String AOS = "java.util.concurrent.locks.AbstractOwnableSynchronizer";
  private static final String AQLS = "java.util.concurrent.locks.AbstractQueuedLongSynchronizer";
  private static final String AQS = "java.util.concurrent.locks.AbstractQueuedSynchronizer";

  /** The queue of each program-defined synchronizer in this run. */
  private static final RunLocal<IdentityHashMap<Object, SynchronizerQueue>> QUEUES =
      new RunLocal<>(IdentityHashMap::new);

  private SynchronizerModel() {}

  /**
   * The calling controlled thread when the model applies to {@code sync}: a class of the program.
   * Null means "call the JDK's method".
   */
  static ControlledThread caller(Object sync) {
    return JdkClasses.isJdkClass(sync.getClass()) ? null : ActiveRun.self();
  }

  static SynchronizerQueue queueOf(Scheduler s, Object sync) {
    return QUEUES.of(s).computeIfAbsent(sync, SynchronizerQueue::new);
  }

  /** The queue if any thread ever queued on {@code sync}, else null. */
  static SynchronizerQueue existingQueue(Scheduler s, Object sync) {
    return QUEUES.of(s).get(sync);
  }

  static String family(SynchronizerMethods m) {
    return m.longState ? AQLS : AQS;
  }

  private static long stateLocation(
      ControlledThread t, Object sync, SynchronizerMethods m, int site) {
    Scheduler s = t.scheduler();
    return s.objectLocation(sync, s.fields().idOf(family(m), "state"), site);
  }

  private static long ownerLocation(ControlledThread t, Object sync, int site) {
    Scheduler s = t.scheduler();
    return s.objectLocation(sync, s.fields().idOf(AOS, "exclusiveOwnerThread"), site);
  }

  /** Where the queue is: the JDK's {@code head}, which its acquires and releases touch. */
  static long queueLocation(ControlledThread t, Object sync, SynchronizerMethods m, int site) {
    Scheduler s = t.scheduler();
    return s.objectLocation(sync, s.fields().idOf(family(m), "head"), site);
  }

  // ----------------------------------------------------------------------- state and owner

  static long getState(Object sync, int site) {
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.READ, stateLocation(t, sync, m, site), site, null, 0);
    }
    return m.getState(sync);
  }

  static void setState(Object sync, long value, int site) {
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.WRITE, stateLocation(t, sync, m, site), site, null, 0);
    }
    m.setState(sync, value);
  }

  /** A compare-and-set that fails only read the state, and is recorded as a read. */
  static boolean compareAndSetState(Object sync, long expect, long update, int site) {
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    ControlledThread t = ActiveRun.self();
    if (t == null) {
      return m.compareAndSetState(sync, expect, update);
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, stateLocation(t, sync, m, site), site, null, 0);
    int event = s.lastEvent();
    boolean set = m.compareAndSetState(sync, expect, update);
    if (!set && event >= 0) {
      s.updateFailed(event);
    }
    return set;
  }

  static Thread getOwner(Object sync, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.READ, ownerLocation(t, sync, site), site, null, 0);
    }
    return SynchronizerMethods.of(sync).getOwner(sync);
  }

  static void setOwner(Object sync, Thread owner, int site) {
    ControlledThread t = ActiveRun.self();
    if (t != null) {
      t.scheduler().point(t, EventKind.WRITE, ownerLocation(t, sync, site), site, null, 0);
    }
    SynchronizerMethods.of(sync).setOwner(sync, owner);
  }

  // ----------------------------------------------------------------------- acquire and release

  /** One attempt: the program's {@code tryAcquire} (1 or -1) or {@code tryAcquireShared}. */
  private static long attempt(SynchronizerMethods m, Object sync, long arg, boolean shared) {
    if (shared) {
      return m.tryAcquireShared(sync, arg);
    }
    return m.tryAcquire(sync, arg) ? 1 : -1;
  }

  /**
   * {@code acquire} and its interruptible, timed and shared forms. {@code timeoutNanos}: negative
   * waits for ever, zero tries once.
   */
  static Blocked acquire(
      ControlledThread t,
      Object sync,
      long arg,
      boolean shared,
      boolean interruptible,
      long timeoutNanos,
      int site) {
    if (interruptible && t.consumeInterrupt()) {
      return Blocked.INTERRUPTED;
    }
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    if (attempt(m, sync, arg, shared) >= 0) {
      return Blocked.DONE;
    }
    if (timeoutNanos == 0) {
      return Blocked.TIMED_OUT;
    }
    SynchronizerQueue q = queueOf(t.scheduler(), sync);
    QueuedNode node = new QueuedNode(t, q, shared, interruptible);
    q.enqueue(node);
    return awaitTurn(t, sync, m, q, node, arg, timeoutNanos, site);
  }

  /**
   * The queued part of an acquire, also where a signalled condition waiter takes its lock back:
   * attempts when first, waits for a signal between attempts.
   */
  static Blocked awaitTurn(
      ControlledThread t,
      Object sync,
      SynchronizerMethods m,
      SynchronizerQueue q,
      QueuedNode node,
      long arg,
      long timeoutNanos,
      int site) {
    Scheduler s = t.scheduler();
    long start = s.clock().elapsed();
    long location = queueLocation(t, sync, m, site);
    while (true) {
      if (q.first() == node) {
        node.signalled = false; // a signal from now on is for the next attempt
        if (attempt(m, sync, arg, node.shared) >= 0) {
          q.remove(node);
          if (node.shared) {
            signalFirst(t, q, location, site, true);
          }
          return Blocked.DONE;
        }
      }
      long remaining = timeoutNanos < 0 ? 0 : timeoutNanos - (s.clock().elapsed() - start);
      if (timeoutNanos > 0 && remaining <= 0) {
        cancel(t, q, node, location, site);
        return Blocked.TIMED_OUT;
      }
      s.point(t, EventKind.UPDATE, location, site, sync, remaining, node);
      if (node.signalled) {
        continue;
      }
      if (t.isInterrupted()) { // only an interruptible node is woken by it
        t.setInterrupted(false);
        cancel(t, q, node, location, site);
        return Blocked.INTERRUPTED;
      }
      s.timedOut(t);
      cancel(t, q, node, location, site);
      return Blocked.TIMED_OUT;
    }
  }

  /** A queued thread gives up; if it was first, the next one is signalled in its place. */
  private static void cancel(
      ControlledThread t, SynchronizerQueue q, QueuedNode node, long location, int site) {
    boolean wasFirst = q.first() == node;
    q.remove(node);
    if (wasFirst) {
      signalFirst(t, q, location, site, false);
    }
  }

  /** Unparks the first queued thread (only a shared one if {@code sharedOnly}). */
  static void signalFirst(
      ControlledThread t, SynchronizerQueue q, long location, int site, boolean sharedOnly) {
    QueuedNode first = q.first();
    if (first == null || first.signalled || (sharedOnly && !first.shared)) {
      return;
    }
    first.signalled = true;
    t.scheduler().record(t, EventKind.UPDATE, location, site);
  }

  /**
   * {@code release} or {@code releaseShared}: the program's try, then the first queued is woken.
   */
  static boolean release(ControlledThread t, Object sync, long arg, boolean shared, int site) {
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    boolean released = shared ? m.tryReleaseShared(sync, arg) : m.tryRelease(sync, arg);
    if (released) {
      SynchronizerQueue q = existingQueue(t.scheduler(), sync);
      if (q != null) {
        signalFirst(t, q, queueLocation(t, sync, m, site), site, false);
      }
    }
    return released;
  }

  // ----------------------------------------------------------------------- queue inspection

  /** A look at the queue: a read of it, so a thread that waits on what it saw can be reordered. */
  static List<QueuedNode> inspect(ControlledThread t, Object sync, int site) {
    Scheduler s = t.scheduler();
    SynchronizerMethods m = SynchronizerMethods.of(sync);
    s.point(t, EventKind.READ, queueLocation(t, sync, m, site), site, null, 0);
    SynchronizerQueue q = existingQueue(s, sync);
    return q == null ? List.of() : q.nodes();
  }

  static boolean hasContended(ControlledThread t, Object sync, int site) {
    inspect(t, sync, site);
    SynchronizerQueue q = existingQueue(t.scheduler(), sync);
    return q != null && q.contended;
  }

  static Thread firstQueuedThread(ControlledThread t, Object sync, int site) {
    List<QueuedNode> nodes = inspect(t, sync, site);
    return nodes.isEmpty() ? null : nodes.get(0).thread.logical();
  }

  static boolean isQueued(ControlledThread t, Object sync, Thread thread, int site) {
    if (thread == null) {
      throw new NullPointerException();
    }
    for (QueuedNode n : inspect(t, sync, site)) {
      if (n.thread.logical() == thread) {
        return true;
      }
    }
    return false;
  }

  /** Whether a thread other than the caller is first in the queue, as the JDK answers it. */
  static boolean hasQueuedPredecessors(ControlledThread t, Object sync, int site) {
    List<QueuedNode> nodes = inspect(t, sync, site);
    return !nodes.isEmpty() && nodes.get(0).thread != t;
  }

  /** The queued threads, most recently queued first, as the JDK lists them. */
  static Collection<Thread> queuedThreads(
      ControlledThread t, Object sync, Boolean shared, int site) {
    List<QueuedNode> nodes = inspect(t, sync, site);
    List<Thread> out = new ArrayList<>();
    for (int i = nodes.size() - 1; i >= 0; i--) {
      QueuedNode n = nodes.get(i);
      if (shared == null || n.shared == shared) {
        out.add(n.thread.logical());
      }
    }
    return out;
  }
}
