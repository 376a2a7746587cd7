package dev.weft.runtime.api;

import dev.weft.trace.EventKind;

/**
 * The scheduler's state as a strategy sees it at one scheduling point: which threads may run and
 * what each of them would do next. Thread indices are run-local and assigned in creation order,
 * which is deterministic for a given sequence of decisions.
 */
public interface SchedulingPoint {
  /** Events executed so far in this run. */
  int step();

  /** The thread that executed the latest event. */
  int currentThread();

  int enabledCount();

  /** Thread index of the {@code i}-th enabled thread; enabled threads are in ascending index. */
  int enabledThread(int i);

  /**
   * Enabled threads held back from the choice because they are polling while another thread can
   * make progress (a spin-wait would otherwise starve the thread it waits for). A strategy that
   * follows a plan may still choose one, as position {@code enabledCount() + i}: the plan knows the
   * polling thread's next event matters now. Other strategies should leave them be. A replay takes
   * such a choice at the same point, so recording it costs exactness nothing.
   */
  default int heldBackCount() {
    return 0;
  }

  /** Thread index of the {@code i}-th held-back thread, in ascending index. */
  default int heldBackThread(int i) {
    throw new IndexOutOfBoundsException(i);
  }

  /**
   * Waiting threads that nothing has woken but that the JVM would let return from their wait
   * anyway: {@code Object.wait}, {@code LockSupport.park} and {@code Condition.await} may wake
   * spuriously. Choosing one, as position {@code enabledCount() + heldBackCount() + i}, wakes it
   * so. Such a wake-up is rare on a real JVM and every correct program survives it, so a strategy
   * should choose one seldom ({@code SpuriousWakeups}); one that follows a plan should leave them
   * be. The choice is recorded as a held-back one ({@link HeldBackChoice}): a replay wakes the same
   * thread at the same point.
   */
  default int spuriousCount() {
    return 0;
  }

  /** Thread index of the {@code i}-th thread that may wake spuriously, in ascending index. */
  default int spuriousThread(int i) {
    throw new IndexOutOfBoundsException(i);
  }

  /**
   * The thread at a position a strategy may return: an enabled one, then the held-back ones, then
   * those that may wake spuriously.
   */
  default int threadAt(int position) {
    int n = enabledCount();
    if (position < n) {
      return enabledThread(position);
    }
    int held = heldBackCount();
    return position < n + held ? heldBackThread(position - n) : spuriousThread(position - n - held);
  }

  /** Number of threads created so far in this run, finished ones included. */
  int threadCount();

  /** The event the given thread will execute when chosen. */
  EventKind pendingKind(int thread);

  /** Run-local location of that event (see {@code Locations}). */
  long pendingLocation(int thread);

  /** Site id of that event. */
  int pendingSite(int thread);

  /**
   * The variable that event accesses, as seed 001 names variables: a static field is a variable of
   * its own, and every object allocated at one site is one variable (its fields, elements and
   * monitor alike), named by that site. {@link #NO_VARIABLE} for an event that accesses nothing
   * (start, join, yield). A stable hash: equal for the same field or site in every run and every
   * process.
   */
  long pendingVariable(int thread);

  /** What {@link #pendingVariable} returns for an event without a location. */
  long NO_VARIABLE = Long.MIN_VALUE;

  /**
   * The index within its thread that the pending event of that thread will have in the trace, so a
   * strategy can follow a schedule written as (thread, index in thread) pairs.
   */
  int pendingIndexInThread(int thread);

  /** The stable name of a thread, e.g. {@code main.2}. */
  String threadName(int thread);
}
