package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import it.unimi.dsi.fastutil.objects.Object2IntMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Selectively uniform random walk (SURW, Zhao, Wolff, Mathur and Roychoudhury, ASPLOS 2025), as its
 * published implementation runs it. A random walk that picks a thread uniformly at each step makes
 * the interleavings where a long thread runs early far likelier than others; picking each thread
 * with probability proportional to the events it has left makes every interleaving of the threads'
 * events equally likely. "Selectively": only the interesting events take part, so that the many
 * events around them neither dilute the interleavings that matter nor cost a decision each.
 *
 * <ul>
 *   <li><b>Selection.</b> Each run selects one shared variable (two threads accessed it in one run
 *       and one wrote it: {@link SharedAccessProfile}), drawn with probability proportional to its
 *       accesses; the accesses to it are the run's interesting events. A variable is as in {@link
 *       SchedulingPoint#pendingVariable}: a static field, or every object allocated at one site.
 *   <li><b>Weights.</b> A thread's weight is its interesting events left: the most accesses to the
 *       selected variable it made in one earlier run, plus those of the threads it starts (by
 *       stable name: {@code main.1} starts {@code main.1.1}), less those it made in this run. When
 *       a thread starts another, the child's estimate moves from the parent's weight to its own; if
 *       the parent was the thread drawn to make the next interesting event, the child takes that
 *       over with probability child / parent.
 *   <li><b>Decisions only at interesting events.</b> Uninteresting events run by {@link
 *       RandomPriorities}, which never consults the weights. When the thread it picks is about to
 *       make an interesting event and no thread is drawn yet, one is drawn among the enabled
 *       threads with their weights: the thread that makes the next interesting event. Any other
 *       thread that reaches an interesting event first waits (is not picked) until the drawn one
 *       has made it; if every enabled thread waits, or the drawn one is no longer enabled, the
 *       waits are lifted and the next interesting event is drawn again.
 * </ul>
 *
 * So the order of the selected variable's accesses is sampled uniformly (given exact estimates and
 * no blocking), however many uninteresting steps lie between them.
 *
 * <p>Where it differs from the published implementation: estimates and shared variables are learnt
 * from every run (the most accesses in one run, per stable thread name), not from one profiling
 * run, and the first run, with nothing known, is random priorities alone; a variable is shared once
 * two threads access it (the published scripts ask for half the threads, which would never select a
 * flag two of a hundred threads share); a variable is a static field or an allocation site with its
 * monitor, not a memory address; threads the scheduler holds back as polling are never picked.
 */
public final class Surw implements Strategy {
  private final SplittableRandom random;
  private final SpuriousWakeups spurious;
  private final SharedAccessProfile profile = new SharedAccessProfile();
  private final RandomPriorities priorities;

  // per run
  private long selected = SchedulingPoint.NO_VARIABLE;
  private Object2IntOpenHashMap<String> familyEstimates = new Object2IntOpenHashMap<>();
  private final Object2IntOpenHashMap<String> indexByName = new Object2IntOpenHashMap<>();
  private String[] names = new String[8];
  private int[] left = new int[8];
  private boolean[] waiting = new boolean[8];
  private int known;
  private int drawn = -1;

  public Surw(long seed) {
    this.random = new SplittableRandom(seed);
    this.spurious = new SpuriousWakeups(seed);
    this.priorities = new RandomPriorities(random.split());
    indexByName.defaultReturnValue(-1);
  }

  @Override
  public void beginRun(long runNumber) {
    selected = profile.select(random);
    familyEstimates = familyTotals(profile.estimates(selected));
    indexByName.clear();
    Arrays.fill(names, null);
    Arrays.fill(left, 0);
    Arrays.fill(waiting, false);
    known = 0;
    drawn = -1;
    priorities.beginRun();
  }

  @Override
  public int choose(SchedulingPoint point) {
    noteNewThreads(point);
    int woken = spurious.choose(point);
    if (woken >= 0) {
      return woken;
    }
    while (true) {
      int pick = priorities.highest(point, waiting);
      if (pick < 0) {
        liftWaits();
        pick = priorities.highest(point, waiting);
      }
      int t = point.enabledThread(pick);
      if (!interesting(point, t)) {
        return ran(point, pick);
      }
      if (left[t] == 0) {
        left[t] = 1;
      }
      if (drawn < 0) {
        drawn = drawNext(point);
      }
      if (t != drawn) {
        waiting[t] = true;
        continue;
      }
      left[t]--;
      liftWaits();
      return ran(point, pick);
    }
  }

  private boolean interesting(SchedulingPoint point, int thread) {
    return selected != SchedulingPoint.NO_VARIABLE
        && point.pendingKind(thread).isAccess()
        && point.pendingVariable(thread) == selected;
  }

  /** The thread that makes the next interesting event: each enabled one with its weight. */
  private int drawNext(SchedulingPoint point) {
    long total = 0;
    for (int i = 0; i < point.enabledCount(); i++) {
      int t = point.enabledThread(i);
      if (!waiting[t]) {
        total += left[t];
      }
    }
    long draw = random.nextLong(total);
    int last = -1;
    for (int i = 0; i < point.enabledCount(); i++) {
      int t = point.enabledThread(i);
      if (waiting[t] || left[t] == 0) {
        continue;
      }
      last = t;
      draw -= left[t];
      if (draw < 0) {
        return t;
      }
    }
    return last;
  }

  private void liftWaits() {
    Arrays.fill(waiting, false);
    drawn = -1;
  }

  private int ran(SchedulingPoint point, int pick) {
    int t = point.enabledThread(pick);
    EventKind kind = point.pendingKind(t);
    if (kind.isAccess()) {
      profile.access(point.pendingVariable(t), t, kind.writes());
    }
    if (priorities.ran(t)) {
      liftWaits();
    }
    return pick;
  }

  /** Gives each thread that appeared since the last point its weight, taken from its parent's. */
  private void noteNewThreads(SchedulingPoint point) {
    int count = point.threadCount();
    if (count <= known) {
      return;
    }
    grow(count);
    for (int t = known; t < count; t++) {
      String name = point.threadName(t);
      names[t] = name;
      indexByName.put(name, t);
      left[t] = familyEstimates.getInt(name);
      int dot = name.lastIndexOf('.');
      int parent = dot < 0 ? -1 : indexByName.getInt(name.substring(0, dot));
      if (parent < 0 || left[parent] == 0) {
        continue;
      }
      if (drawn == parent && left[t] >= 1 + random.nextInt(left[parent])) {
        drawn = t;
      }
      left[parent] = Math.max(0, left[parent] - left[t]);
    }
    known = count;
  }

  private void grow(int threads) {
    if (threads > left.length) {
      int size = Math.max(threads, left.length * 2);
      names = Arrays.copyOf(names, size);
      left = Arrays.copyOf(left, size);
      waiting = Arrays.copyOf(waiting, size);
    }
  }

  /**
   * Each thread's estimate plus those of the threads it starts, directly or not: a stable name's
   * ancestors are its prefixes up to a dot.
   */
  static Object2IntOpenHashMap<String> familyTotals(Object2IntMap<String> estimates) {
    Object2IntOpenHashMap<String> totals = new Object2IntOpenHashMap<>();
    for (Object2IntMap.Entry<String> e : estimates.object2IntEntrySet()) {
      String name = e.getKey();
      int count = e.getIntValue();
      totals.addTo(name, count);
      for (int dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
        totals.addTo(name.substring(0, dot), count);
      }
    }
    return totals;
  }

  @Override
  public void endRun(RunResult result) {
    profile.endRun(Arrays.copyOf(names, known));
  }

  /** The variable whose accesses are this run's interesting events, or {@code NO_VARIABLE}. */
  long selectedVariable() {
    return selected;
  }

  @Override
  public String describe() {
    return "surw";
  }
}
