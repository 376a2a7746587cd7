package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.trace.Trace;
import java.util.Comparator;

/**
 * How hard a failing interleaving is to read, in the order the minimiser reduces it: preemptions
 * first (each is a place where the program's own order was broken), then the threads that took
 * part, then the steps. Threads and steps are counted up to the failure, since what runs after an
 * exception ended its thread does not explain it: up to the failing thread's last event for an
 * exception or assertion, the whole run for a deadlock or hang.
 */
public record ScheduleShape(int preemptions, int threads, int steps)
    implements Comparable<ScheduleShape> {

  private static final Comparator<ScheduleShape> ORDER =
      Comparator.comparingInt(ScheduleShape::preemptions)
          .thenComparingInt(ScheduleShape::threads)
          .thenComparingInt(ScheduleShape::steps);

  /** The shape of a run that showed {@code failure}, with the preemptions it made. */
  public static ScheduleShape of(RunResult run, Failure failure, int preemptions) {
    Trace trace = run.trace();
    int end = failureStep(run, failure);
    boolean[] seen = new boolean[Math.max(1, trace.threadCount())];
    int threads = 0;
    for (int e = 0; e <= end; e++) {
      int t = trace.thread(e);
      if (t >= seen.length) {
        seen = java.util.Arrays.copyOf(seen, t + 1);
      }
      if (!seen[t]) {
        seen[t] = true;
        threads++;
      }
    }
    return new ScheduleShape(preemptions, threads, end + 1);
  }

  /** The index of the event at which the failure happened (the trace's last for whole-run ones). */
  static int failureStep(RunResult run, Failure failure) {
    Trace trace = run.trace();
    int last = trace.size() - 1;
    if (failure.kind() == FindingKind.DEADLOCK || failure.kind() == FindingKind.HANG) {
      return last;
    }
    int thread = threadOf(run, failure);
    if (thread < 0) {
      return last;
    }
    for (int e = last; e >= 0; e--) {
      if (trace.thread(e) == thread) {
        return e;
      }
    }
    return last;
  }

  /** The index of the thread the failure names ({@link Failure#namesThread}), or -1. */
  private static int threadOf(RunResult run, Failure failure) {
    for (int t = 0; t < run.threadNames().size(); t++) {
      if (failure.namesThread(run.threadNames().get(t))) {
        return t;
      }
    }
    return -1;
  }

  @Override
  public int compareTo(ScheduleShape other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return preemptions + " preemptions, " + threads + " threads, " + steps + " steps";
  }
}
