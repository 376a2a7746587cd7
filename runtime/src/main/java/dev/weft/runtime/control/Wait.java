package dev.weft.runtime.control;

/**
 * Why a thread that announced its next operation may not be able to perform it yet: the one place
 * that answers both "can it run?" (for the scheduler) and "what does it wait for?" (for the
 * deadlock report), so the two can never disagree. Each primitive family supplies its own waits (a
 * monitor entry, a re-acquisition after {@code wait}, a join, a retried non-blocking attempt).
 */
public interface Wait {
  /** A thread whose next operation can always go on (a read, a write, a sleep, a start...). */
  Wait NONE =
      new Wait() {
        @Override
        public Readiness readiness(ControlledThread t) {
          return Readiness.READY;
        }

        @Override
        public String describe(ControlledThread t, ObjectNamer names) {
          return "is blocked in " + t.pendingKind();
        }
      };

  /** Whether {@code t}, which waits here, can go on. */
  Readiness readiness(ControlledThread t);

  /**
   * Whether {@code t}, which cannot go on now, may return from its wait spuriously, as the JVM lets
   * {@code Object.wait}, {@code park} and {@code Condition.await} do: it waits for a signal, and
   * would run at once if one came. Asked only of threads that are not ready.
   */
  default boolean mayWakeSpuriously(ControlledThread t) {
    return false;
  }

  /** What {@code t} waits for, for a deadlock report: "waits to lock X held by main.1". */
  String describe(ControlledThread t, ObjectNamer names);

  /** Names the objects a wait is about by their allocation site, stable across replays. */
  interface ObjectNamer {
    String describe(Object object, int site);
  }
}
