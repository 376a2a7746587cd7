package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.trace.EventKind;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Selectively uniform random walk (SURW, ASPLOS 2025). A plain random walk picks a thread uniformly
 * at each step, which makes interleavings where a long thread runs early far likelier than others;
 * picking each thread with probability proportional to the events it has left makes every
 * interleaving of the threads' events equally likely. "Selectively": only the interesting events
 * take part, the accesses to variables more than one thread touched in earlier runs (a variable as
 * in {@link SchedulingPoint#pendingVariable}), so that the many accesses nobody shares do not
 * dilute the interleavings that matter.
 *
 * <p>At each point: an enabled thread whose next event is not interesting runs first (the current
 * thread if it is one, else the lowest), since such events commute with every interesting one; only
 * when every enabled thread is about to make an interesting event (or to yield or sleep, so a spin
 * loop cannot starve the others) is a thread drawn, with weight its estimated interesting events
 * left: the most it made in an earlier run, less those it made in this one, at least 1. Estimates
 * are kept per stable thread name; a thread never seen weighs 1. The first run, with no shared
 * variable known, is a run-to-completion in creation order that only teaches.
 */
public final class Surw implements Strategy {
  private final SplittableRandom random;
  private final Object2IntOpenHashMap<String> mostInteresting = new Object2IntOpenHashMap<>();
  private final LongOpenHashSet shared = new LongOpenHashSet();
  private final Long2IntOpenHashMap firstThread = new Long2IntOpenHashMap();
  private int[] done = new int[8];
  private String[] names = new String[8];
  private double[] weights = new double[8];
  private int lastThread = -1;
  private long lastVariable;
  private boolean lastInteresting;

  public Surw(long seed) {
    this.random = new SplittableRandom(seed);
    firstThread.defaultReturnValue(-1);
  }

  @Override
  public void beginRun(long runNumber) {
    Arrays.fill(done, 0);
    Arrays.fill(names, null);
    lastThread = -1;
  }

  private boolean interesting(SchedulingPoint point, int thread) {
    EventKind kind = point.pendingKind(thread);
    if (kind == EventKind.THREAD_YIELD || kind == EventKind.THREAD_SLEEP) {
      return true;
    }
    long q = point.pendingVariable(thread);
    return q != SchedulingPoint.NO_VARIABLE && kind.isAccess() && shared.contains(q);
  }

  @Override
  public int choose(SchedulingPoint point) {
    account();
    int n = point.enabledCount();
    grow(point.threadCount());
    int current = point.currentThread();
    int firstPlain = -1;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (!interesting(point, t)) {
        if (t == current) {
          return remember(point, i);
        }
        if (firstPlain < 0) {
          firstPlain = i;
        }
      }
    }
    if (firstPlain >= 0) {
      return remember(point, firstPlain);
    }
    double total = 0;
    for (int i = 0; i < n; i++) {
      int t = point.enabledThread(i);
      if (names[t] == null) {
        names[t] = point.threadName(t);
      }
      weights[i] = Math.max(1, mostInteresting.getInt(names[t]) - done[t]);
      total += weights[i];
    }
    double draw = random.nextDouble() * total;
    for (int i = 0; i < n - 1; i++) {
      draw -= weights[i];
      if (draw < 0) {
        return remember(point, i);
      }
    }
    return remember(point, n - 1);
  }

  /** Counts the event the previously chosen thread just made. */
  private void account() {
    if (lastThread < 0 || lastVariable == SchedulingPoint.NO_VARIABLE) {
      return;
    }
    if (lastInteresting) {
      done[lastThread]++;
    }
    int first = firstThread.putIfAbsent(lastVariable, lastThread);
    if (first >= 0 && first != lastThread) {
      shared.add(lastVariable);
    }
  }

  private int remember(SchedulingPoint point, int choice) {
    int t = point.enabledThread(choice);
    lastThread = t;
    lastVariable =
        point.pendingKind(t).isAccess() ? point.pendingVariable(t) : SchedulingPoint.NO_VARIABLE;
    lastInteresting = interesting(point, t) && lastVariable != SchedulingPoint.NO_VARIABLE;
    if (names[t] == null) {
      names[t] = point.threadName(t);
    }
    return choice;
  }

  private void grow(int threads) {
    if (threads > done.length) {
      int size = Math.max(threads, done.length * 2);
      done = Arrays.copyOf(done, size);
      names = Arrays.copyOf(names, size);
      weights = Arrays.copyOf(weights, size);
    }
  }

  @Override
  public void endRun(RunResult result) {
    account();
    lastThread = -1;
    firstThread.clear();
    for (int t = 0; t < names.length; t++) {
      if (names[t] != null) {
        mostInteresting.put(names[t], Math.max(mostInteresting.getInt(names[t]), done[t]));
      }
    }
  }

  /** The most interesting events thread {@code name} made in one run so far. */
  int estimate(String name) {
    return mostInteresting.getInt(name);
  }

  @Override
  public String describe() {
    return "surw";
  }
}
