package dev.weft.runtime.strategy;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * A scripted run for strategy tests: each thread is a list of variable accesses and stays enabled
 * until its list ends; every access is a read of its variable.
 */
final class ScriptedPoint implements SchedulingPoint {
  private final long[][] program;
  private final int[] next;
  private int current;
  private int steps;

  ScriptedPoint(long[][] program) {
    this.program = program;
    this.next = new int[program.length];
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
    for (int t = 0; t < program.length; t++) {
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
    next[thread]++;
    current = thread;
    steps++;
  }

  private int[] enabled() {
    return java.util.stream.IntStream.range(0, program.length)
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
    return program.length;
  }

  @Override
  public EventKind pendingKind(int thread) {
    return EventKind.READ;
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
    return next[thread] < program[thread].length ? program[thread][next[thread]] : NO_VARIABLE;
  }

  @Override
  public int pendingIndexInThread(int thread) {
    return next[thread];
  }

  @Override
  public String threadName(int thread) {
    return thread == 0 ? "main" : "main." + thread;
  }
}
