package dev.weft.runtime.control;

import java.util.Arrays;

/**
 * The run's threads that have not finished, in index order. The scheduler looks at each of them at
 * every scheduling point (which are enabled, which poll); with a hundred threads most have finished
 * long before the run ends, and scanning all of them took a fifth of a PCT run's time.
 *
 * <p>Beside each thread, its {@link ControlledThread#flags}, and what a decision sums over them:
 * how many keep the run alive, and, of those that wait only for the turn (always ready), how many
 * are untimed and how many poll; the threads that wait for something else are marked in a bit set.
 * A decision then asks only those few whether they can go on, and copies the indices of the rest in
 * runs: among eighty threads that wait only for the turn, reading four fields of each thread object
 * was a sixth of a random walk's processor time with virtual carriers.
 */
public final class UnfinishedThreads {
  private ControlledThread[] threads = new ControlledThread[8];
  private int[] flags = new int[8];
  private int[] indices = new int[8];

  /** Bit {@code i} set: the {@code i}th unfinished thread waits for more than the turn. */
  private long[] waiting = new long[1];

  private int count;
  private int keepsAlive;
  private int untimedFree;
  private int pollingFree;

  public int count() {
    return count;
  }

  public ControlledThread get(int i) {
    return threads[i];
  }

  /** The flags of the {@code i}th unfinished thread. */
  public int flags(int i) {
    return flags[i];
  }

  /** How many unfinished threads keep the run alive. */
  int keepsAlive() {
    return keepsAlive;
  }

  /** How many unfinished threads wait only for the turn, with no timeout. */
  public int untimedFree() {
    return untimedFree;
  }

  /** How many unfinished threads wait only for the turn and poll. */
  public int pollingFree() {
    return pollingFree;
  }

  /** Whether a thread other than {@code t} could run now, without waiting for anything. */
  boolean anyReadyBut(ControlledThread t) {
    for (int i = 0; i < count; i++) {
      ControlledThread c = threads[i];
      if (c != t && c.readiness() == Readiness.READY) {
        return true;
      }
    }
    return false;
  }

  /** Whether a thread waits under control for the initialisation of {@code type}. */
  boolean anyAwaitingInitialisationOf(Class<?> type) {
    for (int i = 0; i < count; i++) {
      if (threads[i].awaitedClass() == type) {
        return true;
      }
    }
    return false;
  }

  /**
   * Virtual time from {@code now} until the soonest timed wait runs out, or -1 if none waits so.
   */
  long soonestTimeoutNanos(long now) {
    long soonest = -1;
    for (int i = 0; i < count; i++) {
      ControlledThread c = threads[i];
      if (c.readiness() == Readiness.ONLY_TO_TIME_OUT) {
        long left = Math.max(0, c.pendingSince + c.pendingTimeout - now);
        soonest = soonest < 0 ? left : Math.min(soonest, left);
      }
    }
    return soonest;
  }

  /**
   * Whether a thread other than {@code running} waits with a time-out that has not run out since
   * step {@code step} ({@link dev.weft.runtime.oracle.StepBudget.TimeoutsToCome}).
   */
  boolean timeoutToComeSince(ControlledThread running, long step) {
    for (int i = 0; i < count; i++) {
      ControlledThread c = threads[i];
      if (c != running && c.pendingTimeout > 0 && c.timedOutAtStep < step) {
        return true;
      }
    }
    return false;
  }

  /** The places of the threads that wait for more than the turn, as a bit set; read only. */
  public long[] waiting() {
    return waiting;
  }

  /**
   * Copies the indices of the unfinished threads {@code from} (inclusive) to {@code to} (exclusive)
   * into {@code into} at {@code at}; returns the position after them.
   */
  public int copyIndices(int from, int to, int[] into, int at) {
    int length = to - from;
    System.arraycopy(indices, from, into, at, length);
    return at + length;
  }

  /** A new thread: its index is larger than any before it. */
  void add(ControlledThread t) {
    if (count == threads.length) {
      threads = Arrays.copyOf(threads, count * 2);
      flags = Arrays.copyOf(flags, count * 2);
      indices = Arrays.copyOf(indices, count * 2);
      waiting = Arrays.copyOf(waiting, (count * 2 + 63) / 64);
    }
    t.unfinishedSlot = count;
    flags[count] = t.flags;
    indices[count] = t.index;
    threads[count] = t;
    count(t.flags, 1);
    mark(count, t.flags);
    count++;
  }

  /** {@code t}'s flags changed: its copy here, and the sums, follow. */
  void flagsChanged(ControlledThread t) {
    int slot = t.unfinishedSlot;
    if (slot >= 0) {
      count(flags[slot], -1);
      flags[slot] = t.flags;
      count(t.flags, 1);
      mark(slot, t.flags);
    }
  }

  void finished(ControlledThread t) {
    for (int i = 0; i < count; i++) {
      if (threads[i] == t) {
        count(flags[i], -1);
        System.arraycopy(threads, i + 1, threads, i, count - i - 1);
        System.arraycopy(flags, i + 1, flags, i, count - i - 1);
        System.arraycopy(indices, i + 1, indices, i, count - i - 1);
        threads[--count] = null;
        Arrays.fill(waiting, 0);
        for (int j = 0; j < count; j++) {
          threads[j].unfinishedSlot = j;
          mark(j, flags[j]);
        }
        t.unfinishedSlot = -1;
        return;
      }
    }
  }

  private void count(int f, int sign) {
    if ((f & ControlledThread.KEEPS_ALIVE) != 0) {
      keepsAlive += sign;
    }
    if ((f & ControlledThread.WAITS) == 0) {
      if ((f & ControlledThread.TIMED) == 0) {
        untimedFree += sign;
      }
      if ((f & ControlledThread.POLLING) != 0) {
        pollingFree += sign;
      }
    }
  }

  private void mark(int slot, int f) {
    long bit = 1L << slot; // shifts by slot modulo 64
    if ((f & ControlledThread.WAITS) != 0) {
      waiting[slot >>> 6] |= bit;
    } else {
      waiting[slot >>> 6] &= ~bit;
    }
  }
}
