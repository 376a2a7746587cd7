package dev.weft.runtime.control;

import java.util.Arrays;

/**
 * The run's threads that have not finished, in index order. The scheduler looks at each of them at
 * every scheduling point (which are enabled, which poll); with a hundred threads most have finished
 * long before the run ends, and scanning all of them took a fifth of a PCT run's time.
 */
final class UnfinishedThreads {
  private ControlledThread[] threads = new ControlledThread[8];
  private int count;

  int count() {
    return count;
  }

  ControlledThread get(int i) {
    return threads[i];
  }

  /** A new thread: its index is larger than any before it. */
  void add(ControlledThread t) {
    if (count == threads.length) {
      threads = Arrays.copyOf(threads, count * 2);
    }
    threads[count++] = t;
  }

  void finished(ControlledThread t) {
    for (int i = 0; i < count; i++) {
      if (threads[i] == t) {
        System.arraycopy(threads, i + 1, threads, i, count - i - 1);
        threads[--count] = null;
        return;
      }
    }
  }
}
