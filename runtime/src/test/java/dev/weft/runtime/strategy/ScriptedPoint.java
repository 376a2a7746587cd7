package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * A scripted run for strategy tests: each thread is a list of events and stays enabled until its
 * list ends. An event is a read of a variable, a write ({@link #write}) or the start of a thread
 * ({@link #start}); a thread some other thread starts exists from then on and is named after its
 * parent ({@code main.1.1}); the others, which come first, exist from the beginning ({@code main},
 * {@code main.1}, ...: as if main had started them).
 */
final class ScriptedPoint implements SchedulingPoint {
  private static final long WRITE = 1L << 62;
  private static final long START = 1L << 61;

  private final long[][] program;
  private final int[] next;
  private final String[] names;
  private final int[] children;
  private int created;
  private int current;
  private int steps;

  ScriptedPoint(long[][] program) {
    this.program = program;
    this.next = new int[program.length];
    this.names = new String[program.length];
    this.children = new int[program.length];
    boolean[] started = new boolean[program.length];
    for (long[] events : program) {
      for (long e : events) {
        if ((e & START) != 0) {
          started[(int) (e & ~START)] = true;
        }
      }
    }
    created = 1;
    while (created < program.length && !started[created]) {
      created++;
    }
    for (int t = 0; t < created; t++) {
      names[t] = t == 0 ? "main" : "main." + t;
    }
    children[0] = created - 1;
  }

  /** A write of {@code variable}. */
  static long write(long variable) {
    return variable | WRITE;
  }

  /** The start of thread {@code child}, which must be the next thread not created yet. */
  static long start(int child) {
    return START | child;
  }

  /**
   * Plays {@code program} to its end under {@code strategy} (whose run has begun), ends the run,
   * and returns which thread ran each step.
   */
  static List<Integer> play(Strategy strategy, long[][] program) {
    ScriptedPoint point = new ScriptedPoint(program);
    List<Integer> order = new ArrayList<>();
    while (point.enabledCount() > 0) {
      int thread = point.enabledThread(strategy.choose(point));
      order.add(thread);
      point.advance(thread);
    }
    List<String> names = new ArrayList<>();
    for (int t = 0; t < point.threadCount(); t++) {
      names.add(point.threadName(t));
    }
    strategy.endRun(
        new RunResult(
            RunResult.Outcome.PASSED,
            List.of(),
            List.of(),
            new Trace(),
            new int[0],
            names,
            order.size(),
            0,
            null));
    return order;
  }

  void advance(int thread) {
    long event = program[thread][next[thread]];
    if ((event & START) != 0) {
      int child = (int) (event & ~START);
      if (child != created) {
        throw new IllegalStateException("thread " + child + " started out of order");
      }
      names[child] = names[thread] + "." + (++children[thread]);
      created++;
    }
    next[thread]++;
    current = thread;
    steps++;
  }

  private int[] enabled() {
    return java.util.stream.IntStream.range(0, created)
        .filter(t -> next[t] < program[t].length)
        .toArray();
  }

  @Override
  public int step() {
    return steps;
  }

  @Override
  public int currentThread() {
    return current;
  }

  @Override
  public int enabledCount() {
    return enabled().length;
  }

  @Override
  public int enabledThread(int i) {
    return enabled()[i];
  }

  @Override
  public int threadCount() {
    return created;
  }

  private long pending(int thread) {
    return next[thread] < program[thread].length ? program[thread][next[thread]] : 0;
  }

  @Override
  public EventKind pendingKind(int thread) {
    long event = pending(thread);
    return (event & START) != 0
        ? EventKind.THREAD_START
        : (event & WRITE) != 0 ? EventKind.WRITE : EventKind.READ;
  }

  @Override
  public long pendingLocation(int thread) {
    return pendingVariable(thread);
  }

  @Override
  public int pendingSite(int thread) {
    return 1;
  }

  @Override
  public long pendingVariable(int thread) {
    long event = pending(thread);
    return next[thread] >= program[thread].length || (event & START) != 0
        ? NO_VARIABLE
        : event & ~WRITE;
  }

  @Override
  public int pendingIndexInThread(int thread) {
    return next[thread];
  }

  @Override
  public String threadName(int thread) {
    return names[thread];
  }
}
