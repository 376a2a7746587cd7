package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Probabilistic Concurrency Testing with bug depth {@code d} (seed 000, Burckhardt et al.): each
 * thread gets a random distinct initial priority in {@code d .. d+n-1}; {@code d-1} change points
 * are drawn uniformly from the steps {@code 1..k}; when the running thread executes the step of
 * change point {@code i} its priority drops to {@code i}; the highest-priority enabled thread
 * always runs. This finds any bug of depth {@code d} with probability at least {@code
 * 1/(n·k^(d-1))} per run.
 *
 * <p>{@code n} and {@code k} are not known in advance: they are the largest thread count and step
 * count seen in earlier runs (defaults before the first run: 2 threads, 64 steps). Threads beyond
 * the estimate get a random priority above {@code d}. A thread that yields or sleeps more than
 * {@value #YIELD_LIMIT} times in a run is moved below every other thread, as seed 001 does, so a
 * yield-based spin loop cannot starve the thread it waits for.
 */
public final class Pct implements Strategy {
  static final int YIELD_LIMIT = 100;
  private static final int DEFAULT_STEPS = 64;

  private final int depth;
  private final int threadsBound;
  private final SplittableRandom random;
  private final SpuriousWakeups spurious;
  private boolean[] bounded = new boolean[0];
  private int boundSteps;
  private int lastStep;
  private int maxBoundSteps;
  private int maxThreadsSeen = 2;
  private int maxStepsSeen;
  private double[] priority = new double[8];
  private int[] yields = new int[8];
  private int[] changeSteps = new int[0];
  private int assigned;
  private double[] initial = new double[0];
  private double lowest;

  public Pct(int depth, long seed) {
    this(depth, seed, 0);
  }

  /**
   * @param threadsBound thread bounding (seed 001): with {@code t > 0}, each run chooses {@code t}
   *     of the threads at random and change points fall only on their steps, drawn over the most
   *     steps such threads made in one earlier run; 0 for plain PCT
   */
  public Pct(int depth, long seed, int threadsBound) {
    if (depth < 1) {
      throw new IllegalArgumentException("PCT depth must be at least 1, got " + depth);
    }
    if (threadsBound < 0) {
      throw new IllegalArgumentException("thread bound must be >= 0, got " + threadsBound);
    }
    this.depth = depth;
    this.threadsBound = threadsBound;
    this.random = new SplittableRandom(seed);
    this.spurious = new SpuriousWakeups(seed);
  }

  /** The current step estimate {@code k}. */
  public int estimatedSteps() {
    return maxStepsSeen == 0 ? DEFAULT_STEPS : maxStepsSeen;
  }

  public int estimatedThreads() {
    return maxThreadsSeen;
  }

  @Override
  public void beginRun(long runNumber) {
    beginRunWithoutChangePoints();
    int k =
        threadsBound == 0 ? estimatedSteps() : maxBoundSteps == 0 ? DEFAULT_STEPS : maxBoundSteps;
    changeSteps = new int[depth - 1];
    for (int i = 0; i < changeSteps.length; i++) {
      int candidate;
      do {
        candidate = 1 + random.nextInt(k);
      } while (contains(changeSteps, i, candidate));
      changeSteps[i] = candidate;
    }
  }

  /**
   * Starts a run with random initial priorities and no change points of its own: {@link Pctvb}
   * places them, through {@link #lower}.
   */
  void beginRunWithoutChangePoints() {
    int n = maxThreadsSeen;
    initial = new double[n];
    for (int i = 0; i < n; i++) {
      initial[i] = depth + i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      double tmp = initial[i];
      initial[i] = initial[j];
      initial[j] = tmp;
    }
    changeSteps = new int[0];
    if (threadsBound > 0) {
      bounded = new boolean[n];
      int[] order = new int[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      for (int i = 0; i < Math.min(threadsBound, n); i++) {
        int j = i + random.nextInt(n - i);
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
        bounded[order[i]] = true;
      }
    }
    boundSteps = 0;
    lastStep = 0;
    assigned = 0;
    lowest = 0;
    Arrays.fill(yields, 0);
  }

  /**
   * Whether change points may fall on {@code thread}'s steps in this run: always without thread
   * bounding, else only for the threads chosen for the run.
   */
  boolean inBound(int thread) {
    return threadsBound == 0 || (thread < bounded.length && bounded[thread]);
  }

  /** Drops {@code thread}'s priority to {@code value} (a change point's), now. */
  void lower(int thread, double value) {
    assignUpTo(thread + 1);
    priority[thread] = value;
  }

  private static boolean contains(int[] values, int count, int v) {
    for (int i = 0; i < count; i++) {
      if (values[i] == v) {
        return true;
      }
    }
    return false;
  }

  private void assignUpTo(int threadCount) {
    if (threadCount > priority.length) {
      priority = Arrays.copyOf(priority, Math.max(threadCount, priority.length * 2));
      yields = Arrays.copyOf(yields, priority.length);
    }
    while (assigned < threadCount) {
      priority[assigned] =
          assigned < initial.length
              ? initial[assigned]
              : depth + random.nextDouble() * (initial.length + assigned);
      assigned++;
    }
  }

  @Override
  public int choose(SchedulingPoint point) {
    assignUpTo(point.threadCount());
    int current = point.currentThread();
    if (threadsBound == 0) {
      int step = point.step();
      for (int i = 0; i < changeSteps.length; i++) {
        if (changeSteps[i] == step) {
          priority[current] = i + 1;
          changeSteps[i] = -1;
        }
      }
    } else if (point.step() > lastStep) {
      if (inBound(current)) {
        boundSteps += point.step() - lastStep;
        for (int i = 0; i < changeSteps.length; i++) {
          if (changeSteps[i] > 0 && changeSteps[i] <= boundSteps) {
            priority[current] = i + 1;
            changeSteps[i] = -1;
          }
        }
      }
      lastStep = point.step();
    }
    EventKind next = point.pendingKind(current);
    if (next == EventKind.THREAD_YIELD || next == EventKind.THREAD_SLEEP) {
      if (++yields[current] > YIELD_LIMIT) {
        lowest -= 1;
        priority[current] = lowest;
        yields[current] = 0;
      }
    }
    int woken = spurious.choose(point); // below every priority, but now and then
    if (woken >= 0) {
      return woken;
    }
    int best = 0;
    double bestPriority = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < point.enabledCount(); i++) {
      double p = priority[point.enabledThread(i)];
      if (p > bestPriority) {
        bestPriority = p;
        best = i;
      }
    }
    return best;
  }

  @Override
  public void endRun(RunResult result) {
    maxStepsSeen = Math.max(maxStepsSeen, result.steps());
    maxBoundSteps = Math.max(maxBoundSteps, boundSteps);
    maxThreadsSeen = Math.max(maxThreadsSeen, result.threadNames().size());
  }

  @Override
  public String describe() {
    return "pct(d=" + depth + (threadsBound > 0 ? ", t=" + threadsBound : "") + ")";
  }
}
