package dev.weft.runtime.control;

import java.util.Arrays;

/**
 * The run's threads that have not finished, in index order. The scheduler looks at each of them at
 * every scheduling point (which are enabled, which poll); with a hundred threads most have finished
 * long before the run ends, and scanning all of them took a fifth of a PCT run's time.
 *
 * <p>Beside each thread, its {@link ControlledThread#flags}: what a decision needs to know of a
 * thread that waits only for the turn, in one small array, so that a decision among eighty such
 * threads reads two small arrays rather than four fields of eighty objects scattered over the heap
 * (a sixth of a random walk's processor time on an 80-thread program with virtual carriers).
 */
final class UnfinishedThreads {
  private ControlledThread[] threads = new ControlledThread[8];
  private int[] flags = new int[8];
  private int[] indices = new int[8];
  private int count;

  int count() {
    return count;
  }

  ControlledThread get(int i) {
    return threads[i];
  }

  /** The index of the {@code i}th unfinished thread, as {@code get(i).index}. */
  int index(int i) {
    return indices[i];
  }

  /** The flags of the {@code i}th unfinished thread. */
  int flags(int i) {
    return flags[i];
  }

  /** A new thread: its index is larger than any before it. */
  void add(ControlledThread t) {
    if (count == threads.length) {
      threads = Arrays.copyOf(threads, count * 2);
      flags = Arrays.copyOf(flags, count * 2);
      indices = Arrays.copyOf(indices, count * 2);
    }
    t.unfinishedSlot = count;
    flags[count] = t.flags;
    indices[count] = t.index;
    threads[count++] = t;
  }

  /** {@code t}'s flags changed: its copy here follows. */
  void flagsChanged(ControlledThread t) {
    int slot = t.unfinishedSlot;
    if (slot >= 0) {
      flags[slot] = t.flags;
    }
  }

  void finished(ControlledThread t) {
    for (int i = 0; i < count; i++) {
      if (threads[i] == t) {
        System.arraycopy(threads, i + 1, threads, i, count - i - 1);
        System.arraycopy(flags, i + 1, flags, i, count - i - 1);
        System.arraycopy(indices, i + 1, indices, i, count - i - 1);
        threads[--count] = null;
        for (int j = i; j < count; j++) {
          threads[j].unfinishedSlot = j;
        }
        t.unfinishedSlot = -1;
        return;
      }
    }
  }
}
