package dev.weft.runtime.control;

import dev.weft.runtime.trace.EventKind;
import java.util.Arrays;

/**
 * Keeps spin-waits from starving the threads they wait for. A thread that yields (or calls {@code
 * Thread.onSpinWait}), or reads the same few locations many times without doing anything else, is
 * polling: until another thread writes one of the locations it polled (any location, if it polled
 * none), the scheduler prefers every other enabled thread. Its reads would see the same values, so
 * no interleaving is lost; a correct spin-wait is never reported as a hang, and a true livelock
 * (all enabled threads polling) still runs into the step budget.
 */
final class SpinFairness {
  /** Reads without any other event after which a thread counts as polling. */
  static final int POLL_READS = 8;

  /** Distinct locations a poll may read; more means the thread is scanning, not polling. */
  static final int MAX_POLLED = 8;

  /** Per-thread record of the reads since the thread last did anything else. */
  static final class Window {
    private final long[] locations = new long[MAX_POLLED];
    private int distinct;
    private int reads;
    private boolean overflow;
    boolean polling;

    void clear() {
      distinct = 0;
      reads = 0;
      overflow = false;
      polling = false;
    }

    private void read(long location) {
      reads++;
      for (int i = 0; i < distinct; i++) {
        if (locations[i] == location) {
          return;
        }
      }
      if (distinct < MAX_POLLED) {
        locations[distinct++] = location;
      } else {
        overflow = true;
      }
    }

    /** Whether a write to this location could change what the polling thread sees. */
    boolean watches(long location) {
      if (distinct == 0) {
        return true;
      }
      for (int i = 0; i < distinct; i++) {
        if (locations[i] == location) {
          return true;
        }
      }
      return false;
    }

    @Override
    public String toString() {
      return Arrays.toString(Arrays.copyOf(locations, distinct)) + (polling ? " polling" : "");
    }
  }

  private SpinFairness() {}

  /** Updates the executing thread's window after one of its events. */
  static void executed(ControlledThread t, EventKind kind, long location) {
    Window w = t.spin;
    if (kind == EventKind.THREAD_YIELD) {
      w.polling = true;
    } else if (kind.reads() && !kind.writes()) {
      w.read(location);
      if (!w.overflow && w.reads >= POLL_READS) {
        w.polling = true;
      }
    } else {
      w.clear();
    }
  }

  /** A write by {@code writer}: threads polling that location may now see something new. */
  static void written(ControlledThread writer, long location, Iterable<ControlledThread> threads) {
    for (ControlledThread t : threads) {
      if (t != writer && t.spin.polling && t.spin.watches(location)) {
        t.spin.clear();
      }
    }
  }
}
