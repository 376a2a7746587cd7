package dev.weft.dashboard;

import dev.weft.corpus.campaign.CodeSite;
import dev.weft.corpus.campaign.InterleavingMap;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Which orders of a pair of lock operations can happen at all, so that the interleaving map does
 * not show as unexplored a pair whose other order no schedule can give.
 *
 * <p>A pair is counted as "{@code first} ran before {@code second}" when {@code first} was its
 * thread's latest access of the lock before {@code second}, or {@code second} its thread's earliest
 * access after {@code first}. On a lock only one thread holds at a time, neither is possible when
 * {@code first} leaves its thread holding the lock (an acquisition, a signal, a notify) and {@code
 * second} needs its own thread to hold it already (a release, a signal, a notify): both threads
 * would hold it at once. A wait or await both releases and acquires again, and a synchronized
 * method's one site both enters and exits, so their pairs can go either way.
 *
 * <p>A lock is known to be exclusive when the operation says so (monitors; conditions, which only
 * exclusive locks have), or, for a {@code Lock} call, when the same site conflicted with such an
 * operation: Weft keys a read lock on its own, apart from its write lock, so a read-lock site never
 * conflicts with a condition.
 */
final class LockOrder {
  /** What an operation does to the lock, for this question. */
  enum Role {
    /** Leaves its thread holding the lock and needs it free before: an acquisition. */
    ACQUIRES(true, false),
    /** Needs the lock held and leaves it held: signal, notify. */
    HOLDS(true, true),
    /** Needs the lock held and leaves it free: a release. */
    RELEASES(false, true),
    /** Anything else: a data access, a wait (releases, then acquires again), a try-lock. */
    OTHER(false, false);

    final boolean leavesHeld;
    final boolean needsHeld;

    Role(boolean leavesHeld, boolean needsHeld) {
      this.leavesHeld = leavesHeld;
      this.needsHeld = needsHeld;
    }
  }

  private final Set<CodeSite> exclusive = new HashSet<>();

  /** Learns from the map's pairs which {@code Lock} sites act on exclusive locks. */
  LockOrder(Collection<InterleavingMap.Pair> pairs) {
    for (InterleavingMap.Pair p : pairs) {
      if (exclusiveByName(p.a()) || exclusiveByName(p.b())) {
        exclusive.add(p.a());
        exclusive.add(p.b());
      }
    }
  }

  /** Whether {@code first} running just before {@code second} (in another thread) cannot happen. */
  boolean impossible(CodeSite first, CodeSite second) {
    if (!exclusive.contains(first) && !exclusive.contains(second)) {
      return false;
    }
    return role(first).leavesHeld && role(second).needsHeld;
  }

  /**
   * Whether the pair was seen in one order and its other order cannot happen: nothing is left to
   * explore.
   */
  boolean oneOrderOnly(InterleavingMap.Pair p) {
    if (p.bothOrders() || p.a().equals(p.b())) {
      return false;
    }
    return p.aFirst() > 0 ? impossible(p.b(), p.a()) : p.bFirst() > 0 && impossible(p.a(), p.b());
  }

  static Role role(CodeSite site) {
    String op = site.operation();
    if (op.equals("monitorenter")) {
      return Role.ACQUIRES;
    }
    if (op.equals("monitorexit")) {
      return Role.RELEASES;
    }
    String method = op.substring(op.lastIndexOf('.') + 1);
    switch (method) {
      case "notify", "notifyAll", "signal", "signalAll":
        return Role.HOLDS;
      case "lock", "lockInterruptibly":
        return Role.ACQUIRES;
      case "unlock":
        return Role.RELEASES;
      default:
        return Role.OTHER;
    }
  }

  /** Operations that only an exclusive lock has. */
  private static boolean exclusiveByName(CodeSite site) {
    String op = site.operation();
    if (op.equals("monitorenter")
        || op.equals("monitorexit")
        || op.equals("notify")
        || op.equals("notifyAll")
        || op.startsWith("wait")
        || op.startsWith("synchronized ")) {
      return true;
    }
    int dot = op.lastIndexOf('.');
    String owner = dot < 0 ? "" : op.substring(0, dot);
    return owner.equals("Condition")
        || owner.equals("ReentrantLock")
        || owner.equals("ReentrantReadWriteLock$WriteLock")
        || owner.equals("ReentrantReadWriteLock.WriteLock");
  }
}
