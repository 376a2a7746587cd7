package dev.weft.targets.pass.timer;

import static dev.weft.targets.Checks.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Programs that use {@code java.util.Timer} the ways real code does: one-shot tasks by delay and by
 * date, fixed-rate and fixed-delay tasks that cancel themselves, purging, cancelling the timer, a
 * subclass that names its thread, and a timer the program never cancels. They check the JDK's
 * contract themselves, argument checks and messages included.
 */
public final class Timers {
  private Timers() {}

  /** Records where and when it ran, and in which order among its siblings. */
  static final class Step extends TimerTask {
    private final String name;
    private final List<String> order;
    private final CountDownLatch done;
    volatile String thread;
    volatile boolean daemon;
    volatile long scheduled;
    volatile long ranAt;

    Step(String name, List<String> order, CountDownLatch done) {
      this.name = name;
      this.order = order;
      this.done = done;
    }

    @Override
    public void run() {
      thread = Thread.currentThread().getName();
      daemon = Thread.currentThread().isDaemon();
      scheduled = scheduledExecutionTime();
      ranAt = System.currentTimeMillis();
      order.add(name);
      done.countDown();
    }
  }

  /** Runs three times, noting each scheduled execution time, then cancels itself. */
  static final class ThreeTimes extends TimerTask {
    final long[] times = new long[3];
    final CountDownLatch done = new CountDownLatch(1);
    private int runs;
    volatile boolean cancelled;

    @Override
    public void run() {
      times[runs++] = scheduledExecutionTime(); // a fourth run would throw here
      if (runs == 3) {
        cancelled = cancel();
        done.countDown();
      }
    }
  }

  static final class Flag extends TimerTask {
    volatile boolean ran;

    @Override
    public void run() {
      ran = true;
    }
  }

  /** One-shot tasks run in due order, once due on the virtual clock, on thread "Timer-0". */
  public static void oneShotTasksRunInDueOrder() throws InterruptedException {
    Timer timer = new Timer();
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch done = new CountDownLatch(3);
    Step a = new Step("a", order, done);
    Step b = new Step("b", order, done);
    Step c = new Step("c", order, done);
    long start = System.currentTimeMillis();
    timer.schedule(c, 3_000);
    timer.schedule(a, 1_000);
    timer.schedule(b, new Date(start + 2_000));
    done.await();
    check(order.equals(List.of("a", "b", "c")), "order " + order);
    check(a.thread.equals("Timer-0") && !a.daemon, "ran on " + a.thread + " daemon " + a.daemon);
    check(b.scheduled == start + 2_000, "b scheduled at " + (b.scheduled - start));
    check(c.scheduled >= start + 3_000 && c.ranAt >= c.scheduled, "c ran before due");
    check(!a.cancel(), "cancel of a task that ran returned true");
    timer.cancel();
  }

  /** Fixed-rate runs keep their period exactly, fixed-delay ones at least; cancel() stops them. */
  public static void periodicTasksKeepTheirPeriods() throws InterruptedException {
    Timer timer = new Timer(true);
    ThreeTimes rate = new ThreeTimes();
    ThreeTimes delay = new ThreeTimes();
    timer.scheduleAtFixedRate(rate, 0, 100);
    timer.schedule(delay, 50, 100);
    rate.done.await();
    delay.done.await();
    long[] r = rate.times;
    long[] d = delay.times;
    check(r[1] - r[0] == 100 && r[2] - r[1] == 100, "fixed rate " + r[0] + " " + r[1] + " " + r[2]);
    check(
        d[1] - d[0] >= 100 && d[2] - d[1] >= 100, "fixed delay " + d[0] + " " + d[1] + " " + d[2]);
    check(rate.cancelled && delay.cancelled, "cancel() of a scheduled periodic task was false");
    check(!rate.cancel(), "second cancel() returned true");
    timer.cancel();
  }

  /**
   * purge() removes the cancelled tasks and counts them; a cancelled timer runs nothing. (Only
   * tasks behind the first are cancelled: the timer's thread may drop a cancelled first task
   * itself.)
   */
  public static void cancelAndPurge() throws InterruptedException {
    Timer timer = new Timer("sweeper");
    Flag[] tasks = {new Flag(), new Flag(), new Flag(), new Flag()};
    for (int i = 0; i < tasks.length; i++) {
      timer.schedule(tasks[i], (i + 1) * 3_600_000L);
    }
    check(tasks[2].cancel() && tasks[3].cancel(), "cancel() of a scheduled task was false");
    check(!tasks[3].cancel(), "second cancel() returned true");
    int purged = timer.purge();
    check(purged == 2, "purged " + purged);
    check(timer.purge() == 0, "purged twice");
    CountDownLatch ran = new CountDownLatch(1);
    timer.schedule(new Step("now", new ArrayList<>(), ran), 0);
    ran.await();
    timer.cancel();
    check(tasks[1].cancel(), "a task of the cancelled timer is not still scheduled");
    Thread.sleep(7_200_000);
    for (Flag t : tasks) {
      check(!t.ran, "a task ran after its timer was cancelled");
    }
  }

  /**
   * Wrong arguments and states are refused with the JDK's exceptions and messages, and refusing
   * them leaves the timer working.
   */
  public static void argumentChecks() throws InterruptedException {
    Timer timer = new Timer();
    Flag task = new Flag();
    refused(() -> timer.schedule(task, -1), IllegalArgumentException.class, "Negative delay.");
    refused(
        () -> timer.schedule(task, 0, 0), IllegalArgumentException.class, "Non-positive period.");
    refused(
        () -> timer.scheduleAtFixedRate(task, 0, -5),
        IllegalArgumentException.class,
        "Non-positive period.");
    refused(
        () -> timer.schedule(task, new Date(-1)),
        IllegalArgumentException.class,
        "Illegal execution time.");
    timer.schedule(task, 1_000);
    refused(
        () -> timer.schedule(task, 1_000),
        IllegalStateException.class,
        "Task already scheduled or cancelled");
    Flag cancelled = new Flag();
    check(!cancelled.cancel(), "cancel() of a task never scheduled returned true");
    refused(
        () -> timer.scheduleAtFixedRate(cancelled, 10, 10),
        IllegalStateException.class,
        "Task already scheduled or cancelled");
    CountDownLatch ran = new CountDownLatch(1);
    timer.schedule(new Step("after", new ArrayList<>(), ran), 0);
    ran.await();
    timer.cancel();
    timer.cancel();
    refused(
        () -> timer.schedule(new Flag(), 10),
        IllegalStateException.class,
        "Timer already cancelled.");
    check(timer.purge() == 0, "tasks left in a cancelled timer");
  }

  private static void refused(Runnable call, Class<? extends RuntimeException> type, String msg) {
    try {
      call.run();
      check(false, "accepted, expected " + type.getSimpleName() + ": " + msg);
    } catch (RuntimeException e) {
      check(type.isInstance(e) && msg.equals(e.getMessage()), "refused with " + e);
    }
  }

  /** A subclass names its thread and makes it a daemon through the JDK's constructor. */
  static final class Ticker extends Timer {
    Ticker() {
      super("ticker", true);
    }
  }

  public static void subclassNamesItsThread() throws InterruptedException {
    Ticker timer = new Ticker();
    CountDownLatch done = new CountDownLatch(1);
    Step step = new Step("s", new ArrayList<>(), done);
    timer.schedule(step, 10);
    done.await();
    check(step.thread.equals("ticker") && step.daemon, step.thread + " daemon " + step.daemon);
    timer.cancel();
  }

  static final AtomicInteger ticks = new AtomicInteger();

  /** A timer the program never cancels runs its due task, and then does not keep the run alive. */
  public static void timerNeverCancelled() {
    Timer timer = new Timer();
    timer.schedule(
        new TimerTask() {
          @Override
          public void run() {
            ticks.incrementAndGet();
          }
        },
        1_000);
    timer.scheduleAtFixedRate(
        new TimerTask() {
          @Override
          public void run() {
            ticks.incrementAndGet();
          }
        },
        0,
        500);
  }
}
