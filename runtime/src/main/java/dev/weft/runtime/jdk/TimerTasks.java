package dev.weft.runtime.jdk;

import java.util.Objects;
import java.util.TimerTask;
import sun.misc.Unsafe;

/**
 * The scheduling state a {@code TimerTask} keeps for its timer. Weft's timer model must keep it in
 * the task itself, where the JDK's {@code TimerTask.cancel()} and {@code scheduledExecutionTime()}
 * read it; the fields are package-private in {@code java.util}, which is not open to Weft, so they
 * are reached through {@link Unsafe} offsets. Each operation is one of the JDK timer's critical
 * sections on the task's {@code lock}: this class is not instrumented, so no other controlled
 * thread runs inside one.
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

  private static final Unsafe UNSAFE = ClosedFields.UNSAFE;
  private static final long LOCK = offset("lock");
  private static final long STATE = offset("state");
  private static final long NEXT_EXECUTION_TIME = offset("nextExecutionTime");
  private static final long PERIOD = offset("period");

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
      if (UNSAFE.getInt(task, STATE) != VIRGIN) {
        throw new IllegalStateException("Task already scheduled or cancelled");
      }
      UNSAFE.putLong(task, NEXT_EXECUTION_TIME, time);
      UNSAFE.putLong(task, PERIOD, period);
      UNSAFE.putInt(task, STATE, SCHEDULED);
    }
  }

  public static boolean isCancelled(TimerTask task) {
    synchronized (lock(task)) {
      return UNSAFE.getInt(task, STATE) == CANCELLED;
    }
  }

  /**
   * A due task is about to run at {@code now}: {@link #NOT_RUN} if it was cancelled, {@link #ONCE}
   * (and the task marked executed) if it runs once, else its next execution time, already stored so
   * that {@code scheduledExecutionTime()} answers as on the JDK.
   */
  public static long fire(TimerTask task, long now) {
    synchronized (lock(task)) {
      if (UNSAFE.getInt(task, STATE) == CANCELLED) {
        return NOT_RUN;
      }
      long period = UNSAFE.getLong(task, PERIOD);
      if (period == 0) {
        UNSAFE.putInt(task, STATE, EXECUTED);
        return ONCE;
      }
      long time = UNSAFE.getLong(task, NEXT_EXECUTION_TIME);
      long next = period < 0 ? now - period : time + period;
      UNSAFE.putLong(task, NEXT_EXECUTION_TIME, next);
      return next;
    }
  }

  private static Object lock(TimerTask task) {
    return UNSAFE.getObject(task, LOCK);
  }

  private static long offset(String name) {
    try {
      return ClosedFields.offset(TimerTask.class, name);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("this JDK's TimerTask has no field " + name, e);
    }
  }
}
