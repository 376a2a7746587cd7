package dev.weft.runtime.perrun;

import dev.weft.runtime.control.RunSignals;
import dev.weft.runtime.jdk.TimerTasks;
import java.util.Date;
import java.util.Iterator;
import java.util.PriorityQueue;
import java.util.Timer;
import java.util.TimerTask;

/**
 * A {@code java.util.Timer} whose thread is a controlled thread of the run and whose times are on
 * Weft's virtual clock. The JDK's timer runs tasks on a thread it starts itself, which Weft never
 * sees; target code that constructs or extends {@code Timer} gets this class instead.
 *
 * <p>Every JDK constructor starts that hidden thread, so this one asks for a daemon and cancels it
 * at once: it ends without running anything but JDK code. Its own thread keeps the JDK's contract:
 * names "Timer-0", "Timer-1"... counted per run, due order, fixed-delay and fixed-rate periods, the
 * JDK's argument checks and messages, {@code TimerTask.cancel()} and {@code
 * scheduledExecutionTime()} (the task's own state is kept, see {@link TimerTasks}), and a task that
 * throws ends the thread and the timer. A thread with no one-shot task left counts as idle, so a
 * program that never cancels its timer still ends; one waiting for a one-shot task keeps the run
 * alive until the task ran, as the JDK's would.
 */
public class ControlledTimer extends Timer {
  private static int serial;

  /** Waiting tasks, by execution time and then by scheduling order; also the timer's monitor. */
  private final PriorityQueue<Due> queue = new PriorityQueue<>();

  private boolean acceptsTasks = true;
  private long sequence;

  public ControlledTimer() {
    this(nextName());
  }

  public ControlledTimer(boolean isDaemon) {
    this(nextName(), isDaemon);
  }

  public ControlledTimer(String name) {
    this(name, false);
  }

  public ControlledTimer(String name, boolean isDaemon) {
    super(name, true);
    super.cancel(); // the JDK's thread ends now, having run nothing
    Thread thread = new Thread(this::work, name);
    thread.setDaemon(isDaemon);
    thread.start();
  }

  private static synchronized String nextName() {
    return "Timer-" + serial++;
  }

  /** A task's place in the queue: the execution time it waits for, and the order it came in. */
  private static final class Due implements Comparable<Due> {
    final TimerTask task;
    final long time;
    final boolean once;
    final long seq;

    Due(TimerTask task, long time, boolean once, long seq) {
      this.task = task;
      this.time = time;
      this.once = once;
      this.seq = seq;
    }

    @Override
    public int compareTo(Due other) {
      int byTime = Long.compare(time, other.time);
      return byTime != 0 ? byTime : Long.compare(seq, other.seq);
    }
  }

  // ------------------------------------------------------------------------------ scheduling

  @Override
  public void schedule(TimerTask task, long delay) {
    if (delay < 0) {
      throw new IllegalArgumentException("Negative delay.");
    }
    sched(task, System.currentTimeMillis() + delay, 0);
  }

  @Override
  public void schedule(TimerTask task, Date time) {
    sched(task, time.getTime(), 0);
  }

  @Override
  public void schedule(TimerTask task, long delay, long period) {
    checkDelayAndPeriod(delay, period);
    sched(task, System.currentTimeMillis() + delay, -period);
  }

  @Override
  public void schedule(TimerTask task, Date firstTime, long period) {
    checkPeriod(period);
    sched(task, firstTime.getTime(), -period);
  }

  @Override
  public void scheduleAtFixedRate(TimerTask task, long delay, long period) {
    checkDelayAndPeriod(delay, period);
    sched(task, System.currentTimeMillis() + delay, period);
  }

  @Override
  public void scheduleAtFixedRate(TimerTask task, Date firstTime, long period) {
    checkPeriod(period);
    sched(task, firstTime.getTime(), period);
  }

  private static void checkDelayAndPeriod(long delay, long period) {
    if (delay < 0) {
      throw new IllegalArgumentException("Negative delay.");
    }
    checkPeriod(period);
  }

  private static void checkPeriod(long period) {
    if (period <= 0) {
      throw new IllegalArgumentException("Non-positive period.");
    }
  }

  /** The JDK's {@code sched}: {@code period} positive for fixed rate, negative for fixed delay. */
  private void sched(TimerTask task, long time, long period) {
    if (time < 0) {
      throw new IllegalArgumentException("Illegal execution time.");
    }
    if (Math.abs(period) > (Long.MAX_VALUE >> 1)) {
      period >>= 1; // as the JDK: effectively infinite, and no overflow
    }
    synchronized (queue) {
      if (!acceptsTasks) {
        throw new IllegalStateException("Timer already cancelled.");
      }
      TimerTasks.schedule(task, time, period);
      Due due = new Due(task, time, period == 0, sequence++);
      queue.add(due);
      if (queue.peek() == due) {
        queue.notify();
      }
    }
  }

  @Override
  public void cancel() {
    synchronized (queue) {
      acceptsTasks = false;
      queue.clear();
      queue.notify();
    }
  }

  @Override
  public int purge() {
    int removed = 0;
    synchronized (queue) {
      for (Iterator<Due> it = queue.iterator(); it.hasNext(); ) {
        if (TimerTasks.isCancelled(it.next().task)) {
          it.remove();
          removed++;
        }
      }
    }
    return removed;
  }

  // -------------------------------------------------------------------------------- the thread

  private void work() {
    try {
      TimerTask task;
      while ((task = nextDue()) != null) {
        task.run(); // an exception ends the thread, uncaught, and the timer with it
      }
    } finally {
      synchronized (queue) {
        acceptsTasks = false;
        queue.clear();
      }
    }
  }

  /** The next task to run, once due on the virtual clock; null once the timer is cancelled. */
  private TimerTask nextDue() {
    synchronized (queue) {
      while (acceptsTasks) {
        Due head = queue.peek();
        if (head != null && TimerTasks.isCancelled(head.task)) {
          queue.poll();
          continue;
        }
        long now = System.currentTimeMillis();
        if (head != null && head.time <= now) {
          queue.poll();
          long next = TimerTasks.fire(head.task, now);
          if (next == TimerTasks.NOT_RUN) {
            continue;
          }
          if (next != TimerTasks.ONCE) {
            queue.add(new Due(head.task, next, false, sequence++));
          }
          return head.task;
        }
        await(head == null ? 0 : head.time - now);
      }
      return null;
    }
  }

  /** Waits on the queue (held) for a new task, a cancel, or {@code millis} (0: no limit). */
  private void await(long millis) {
    RunSignals.idle(onlyPeriodicPending());
    try {
      if (millis == 0) {
        queue.wait();
      } else {
        queue.wait(millis);
      }
    } catch (InterruptedException e) {
      // the JDK's timer thread ignores interrupts too; look at the queue again
    } finally {
      RunSignals.idle(false);
    }
  }

  private boolean onlyPeriodicPending() {
    for (Due due : queue) {
      if (due.once && !TimerTasks.isCancelled(due.task)) {
        return false;
      }
    }
    return true;
  }
}
