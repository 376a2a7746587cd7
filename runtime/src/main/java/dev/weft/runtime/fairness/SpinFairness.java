package dev.weft.runtime.fairness;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.trace.EventKind;
import java.util.Arrays;

/**
 * Keeps spin-waits from starving the threads they wait for. A thread that yields (or calls {@code
 * Thread.onSpinWait}), or goes round a loop of reads doing nothing else, is polling: until another
 * thread writes one of the locations it polled (any location, if it polled none), the scheduler
 * prefers every other enabled thread. Its reads would see the same values, so no interleaving is
 * lost; a correct spin-wait is never reported as a hang, and a true livelock (all enabled threads
 * polling) still runs into the step budget.
 *
 * <p>A loop is seen by its reads repeating: the same sites reading the same locations in the same
 * order, at least twice over. Reads alone are not enough: library code often reads a few fields of
 * an immutable configuration again and again (a serializer consulting its settings for every field)
 * and then goes on to write; holding such a thread back would force every other thread to run
 * first, and lose exactly the interleavings in which it does not.
 */
public final class SpinFairness {
  /** Reads without any other event, going round one loop, before a thread counts as polling. */
  static final int POLL_READS = 32;

  /** The longest loop body, in reads, recognised as a poll. */
  static final int MAX_POLLED = 8;

  /** Reads remembered: enough to see every one of the last {@value #POLL_READS} repeat. */
  private static final int HISTORY = POLL_READS;

  /**
   * The run's threads that are polling now, in no particular order: a write looks at these only,
   * not at every unfinished thread (with many threads that scan cost a tenth of a step). Each is
   * kept as its window.
   */
  public static final class Pollers {
    private Window[] windows = new Window[8];
    private int count;

    int count() {
      return count;
    }

    private void add(Window w) {
      if (count == windows.length) {
        windows = Arrays.copyOf(windows, count * 2);
      }
      w.slot = count;
      windows[count++] = w;
    }

    private void remove(Window w) {
      int last = --count;
      Window moved = windows[last];
      windows[w.slot] = moved;
      moved.slot = w.slot;
      windows[last] = null;
      w.slot = -1;
    }
  }

  /** Per-thread record of the reads since the thread last did anything else. */
  public static final class Window {
    private final long[] locations = new long[HISTORY];
    private final int[] sites = new int[HISTORY];
    private int reads;
    private int period;
    private boolean polling;
    private final ControlledThread owner;
    private final Pollers pollers;

    /** The thread's place in {@link #pollers} while it polls, else -1. */
    private int slot = -1;

    public Window(ControlledThread owner, Pollers pollers) {
      this.owner = owner;
      this.pollers = pollers;
    }

    boolean polling() {
      return polling;
    }

    private void setPolling(boolean on) {
      if (on != polling) {
        polling = on;
        owner.setPolling(on);
        if (on) {
          pollers.add(this);
        } else {
          pollers.remove(this);
        }
      }
    }

    void clear() {
      reads = 0;
      period = 0;
      setPolling(false);
    }

    private void read(long location, int site) {
      int slot = reads % HISTORY;
      locations[slot] = location;
      sites[slot] = site;
      reads++;
      if (reads >= POLL_READS && !polling) {
        period = loopPeriod();
        setPolling(period > 0);
      }
    }

    /**
     * The length of the loop the last reads go round (each of the last two rounds alike), or 0 if
     * they are not a loop.
     */
    private int loopPeriod() {
      for (int p = 1; p <= MAX_POLLED && 2 * p <= reads; p++) {
        int checked = Math.max(2 * p, POLL_READS);
        if (checked > reads || checked > HISTORY) {
          break;
        }
        if (repeats(p, checked)) {
          return p;
        }
      }
      return 0;
    }

    /** Whether each of the last {@code count} reads equals the one {@code p} reads before it. */
    private boolean repeats(int p, int count) {
      for (int back = 0; back < count - p; back++) {
        int i = Math.floorMod(reads - 1 - back, HISTORY);
        int j = Math.floorMod(reads - 1 - back - p, HISTORY);
        if (locations[i] != locations[j] || sites[i] != sites[j]) {
          return false;
        }
      }
      return true;
    }

    /** Whether a write to this location could change what the polling thread sees. */
    boolean watches(long location) {
      if (period == 0) {
        return true;
      }
      for (int back = 0; back < period; back++) {
        if (locations[Math.floorMod(reads - 1 - back, HISTORY)] == location) {
          return true;
        }
      }
      return false;
    }

    @Override
    public String toString() {
      long[] loop = new long[period];
      for (int back = 0; back < period; back++) {
        loop[back] = locations[Math.floorMod(reads - 1 - back, HISTORY)];
      }
      return Arrays.toString(loop) + (polling ? " polling" : "");
    }
  }

  private SpinFairness() {}

  /** Updates the executing thread's window {@code w} after one of its events. */
  public static void executed(Window w, EventKind kind, long location, int site) {
    if (kind == EventKind.THREAD_YIELD) {
      w.setPolling(true);
    } else if (kind.reads() && !kind.writes()) {
      w.read(location, site);
    } else {
      w.clear();
    }
  }

  /**
   * A write by {@code writer}: threads polling that location may now see something new. Clearing
   * one thread's window does not touch another's, so the order they are looked at in is no matter;
   * from the last down, as a cleared one's place takes the last one, already looked at.
   */
  public static void written(ControlledThread writer, long location, Pollers pollers) {
    Window[] windows = pollers.windows;
    for (int i = pollers.count - 1; i >= 0; i--) {
      Window w = windows[i];
      if (w.owner != writer && !w.owner.isFinished() && w.watches(location)) {
        w.clear();
      }
    }
  }
}
