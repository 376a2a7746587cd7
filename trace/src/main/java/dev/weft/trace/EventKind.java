package dev.weft.trace;

/**
 * What a trace event did. The graph needs to know which events conflict, so each kind says whether
 * it reads or writes its location; lock operations count as writes to the lock, as the design
 * requires, so that lock handovers become mutable edges like any other conflict.
 */
public enum EventKind {
  READ(true, false),
  WRITE(false, true),
  ARRAY_READ(true, false),
  ARRAY_WRITE(false, true),
  MONITOR_ENTER(true, true),
  MONITOR_EXIT(true, true),
  /** Releases the monitor and enters its wait set. */
  WAIT(true, true),
  /** Re-acquires the monitor after a wait ended (notified, timed out or interrupted). */
  WAKE(true, true),
  NOTIFY(true, true),
  NOTIFY_ALL(true, true),
  THREAD_START(false, false),
  THREAD_BEGIN(false, false),
  THREAD_END(false, false),
  THREAD_JOIN(false, false),
  THREAD_YIELD(false, false),
  THREAD_SLEEP(false, false),
  THREAD_INTERRUPT(false, true),
  /**
   * Reads and writes its location in one step: a read-modify-write atomic, a successful CAS, a
   * semaphore or latch count, a {@code LockSupport} permit.
   */
  UPDATE(true, true);

  private static final EventKind[] VALUES = values();

  private final boolean reads;
  private final boolean writes;

  EventKind(boolean reads, boolean writes) {
    this.reads = reads;
    this.writes = writes;
  }

  public boolean reads() {
    return reads;
  }

  public boolean writes() {
    return writes;
  }

  /** Whether the event touches a memory location or lock that other threads can also touch. */
  public boolean isAccess() {
    return reads || writes;
  }

  /**
   * Whether the event reads or writes a field, a static or an array element (an update counts):
   * memory, as opposed to a lock, a wait set, or a thread.
   */
  public boolean isData() {
    return this == READ
        || this == WRITE
        || this == ARRAY_READ
        || this == ARRAY_WRITE
        || this == UPDATE;
  }

  public static EventKind of(int ordinal) {
    return VALUES[ordinal];
  }
}
