package dev.weft.runtime.jdk;

import java.util.Objects;
import java.util.TimerTask;

/**
 * The scheduling state a {@code TimerTask} keeps for its timer. Weft's timer model must keep it in
 * the task itself, where the JDK's {@code TimerTask.cancel()} and {@code scheduledExecutionTime()}
 * read it; the fields are package-private in {@code java.util}, which is not open to Weft ({@link
 * ClosedFields}). Each operation is one of the JDK timer's critical sections on the task's {@code
 * lock}: this class is not instrumented, so no other controlled thread runs inside one.
 */
public final class TimerTasks {
  /** {@code TimerTask.state} values, as the JDK numbers them. */
  private static final int VIRGIN = 0;

  private static final int SCHEDULED = 1;
  private static final int EXECUTED = 2;
  private static final int CANCELLED = 3;

  /** What {@link #fire} answers for a task cancelled before it ran: do not run it. */
  public static final long NOT_RUN = -1;

  /** What {@link #fire} answers for a one-shot task: run it, and never again. */
  public static final long ONCE = 0;

  private static final ClosedField LOCK = field("lock");
  private static final ClosedField STATE = field("state");
  private static final ClosedField NEXT_EXECUTION_TIME = field("nextExecutionTime");
  private static final ClosedField PERIOD = field("period");

  private TimerTasks() {}

  /**
   * Marks a new task scheduled at {@code time}, with {@code period} as the JDK stores it (positive:
   * fixed rate; negative: fixed delay; zero: once).
   *
   * @throws IllegalStateException if the task was scheduled or cancelled before
   */
  public static void schedule(TimerTask task, long time, long period) {
    Objects.requireNonNull(task);
    synchronized (lock(task)) {
      if (STATE.getInt(task) != VIRGIN) {
        throw new IllegalStateException("Task already scheduled or cancelled");
      }
      NEXT_EXECUTION_TIME.setLong(task, time);
      PERIOD.setLong(task, period);
      STATE.setInt(task, SCHEDULED);
    }
  }

  public static boolean isCancelled(TimerTask task) {
    synchronized (lock(task)) {
      return STATE.getInt(task) == CANCELLED;
    }
  }

  /**
   * A due task is about to run at {@code now}: {@link #NOT_RUN} if it was cancelled, {@link #ONCE}
   * (and the task marked executed) if it runs once, else its next execution time, already stored so
   * that {@code scheduledExecutionTime()} answers as on the JDK.
   */
  public static long fire(TimerTask task, long now) {
    synchronized (lock(task)) {
      if (STATE.getInt(task) == CANCELLED) {
        return NOT_RUN;
      }
      long period = PERIOD.getLong(task);
      if (period == 0) {
        STATE.setInt(task, EXECUTED);
        return ONCE;
      }
      long time = NEXT_EXECUTION_TIME.getLong(task);
      long next = period < 0 ? now - period : time + period;
      NEXT_EXECUTION_TIME.setLong(task, next);
      return next;
    }
  }

  private static Object lock(TimerTask task) {
    return LOCK.get(task);
  }

  private static ClosedField field(String name) {
    try {
      return ClosedFields.field(TimerTask.class, name);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("this JDK's TimerTask has no field " + name, e);
    }
  }
}
