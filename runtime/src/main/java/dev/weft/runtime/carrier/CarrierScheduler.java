package dev.weft.runtime.carrier;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The scheduler of Weft's virtual carriers: one platform thread carries them all. A run is
 * serialized, so its threads never need two processors; on the JDK's scheduler (a fork-join pool as
 * wide as the machine) the turn, a run's start and its end hop between platform threads, and each
 * hop to a parked one costs the operating system 10-25 µs on a small virtual machine, more than a
 * small program's whole run on JDK 25. Here a hand-over stays on the thread that made it, and a
 * controller that is itself a virtual thread of this scheduler ({@code ControllerThread}) starts a
 * run and learns its end by continuation switches alone.
 *
 * <p>A virtual thread that does not give its platform thread back would hold up all the others:
 * target code looping without a scheduling point, or parked where the JDK pins it to its platform
 * thread (inside a class initialiser). A watchdog looks every millisecond while tasks wait: a
 * thread that has been blocked on one task since the last look, or running one task for {@value
 * #LONG_TASK_MILLIS} ms, is retired (it ends once that task gives it back) and another serves the
 * queue. Threads beyond the first end after {@value #SPARE_IDLE_MILLIS} ms without work.
 */
public final class CarrierScheduler implements Executor {
  static final long LONG_TASK_MILLIS = 20;

  /**
   * How long an idle server keeps looking for a task (yielding the processor) before it parks: a
   * platform controller (tests, Weft embedded in another tool) starts the next run within
   * microseconds of the last one's end, and waking a parked server would be added to each run.
   * Measured on {@code ThreadFan(2)}, JDK 25, platform controller: random walks 58 µs a run without
   * it, 32 with it (the JDK's scheduler: 31).
   */
  private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

  static final long SPARE_IDLE_MILLIS = 1_000;
  private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long IDLE_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  private static final CarrierScheduler SHARED = new CarrierScheduler("weft-carriers");

  private final String name;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedDeque<Server> parked = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<Server> live = new ConcurrentLinkedDeque<>();

  /** Servers running a task (retired ones not counted): while one is, a new task needs no wake. */
  private final AtomicInteger running = new AtomicInteger();

  private final AtomicInteger made = new AtomicInteger();
  private final AtomicInteger retired = new AtomicInteger();

  /** Started with the first server: where there is no server, nothing can be held up. */
  private Thread watchdog;

  CarrierScheduler(String name) {
    this.name = name;
  }

  /** The scheduler every virtual carrier of this process runs on. */
  static CarrierScheduler shared() {
    return SHARED;
  }

  @Override
  public void execute(Runnable task) {
    tasks.offer(task);
    // a server running a task takes this one when its task gives the thread back (a virtual thread
    // that hands the turn on parks at once); the watchdog covers one that never does
    if (running.get() == 0) {
      wakeOne();
    }
  }

  /** Platform threads this scheduler made so far. */
  int threadsMade() {
    return made.get();
  }

  /** Threads it retired because a task held them (blocked, or running too long). */
  int threadsRetired() {
    return retired.get();
  }

  private void wakeOne() {
    Server s = parked.pollFirst();
    if (s != null) {
      LockSupport.unpark(s);
    } else if (live.isEmpty()) {
      startServer();
    }
    // else a live server is between tasks: it looks at the queue again before it parks
  }

  /** Starts a server; package-private so that a test can make a spare one. */
  synchronized void startServer() {
    Server s = new Server(name + "-" + made.incrementAndGet());
    live.add(s);
    s.start();
    if (watchdog == null) {
      watchdog = new Thread(this::watch, name + "-watchdog");
      watchdog.setDaemon(true);
      watchdog.start();
    }
  }

  /**
   * Retires servers held by one task while others wait: blocked since the last look (a pinned
   * park), or running for {@link #LONG_TASK_MILLIS}.
   */
  private void watch() {
    long longTask = TimeUnit.MILLISECONDS.toNanos(LONG_TASK_MILLIS);
    while (true) {
      boolean busy = running.get() > 0 || !tasks.isEmpty();
      LockSupport.parkNanos(this, busy ? LOOK_NANOS : IDLE_LOOK_NANOS);
      if (tasks.isEmpty()) {
        for (Server s : live) {
          s.lookedAtTask = s.task;
        }
        continue;
      }
      long now = System.nanoTime();
      boolean retiredOne = false;
      for (Server s : live) {
        long task = s.task;
        if (!s.busy || task == 0) {
          continue;
        }
        Thread.State state = s.getState();
        boolean blocked =
            task == s.lookedAtTask && state != Thread.State.RUNNABLE && state != Thread.State.NEW;
        if (blocked || now - s.taskStarted > longTask) {
          if (s.retire()) {
            retiredOne = true;
          }
        }
        s.lookedAtTask = task;
      }
      if (retiredOne || running.get() == 0) {
        wakeOne();
      }
    }
  }

  private static final int IDLE = 0;
  private static final int RUNNING = 1;
  private static final int RETIRED = 2;

  /** One platform thread that runs the queue's tasks, one after another. */
  private final class Server extends Thread {
    /** Number of the task under way (0 before the first), for the watchdog. */
    volatile long task;

    volatile long taskStarted;

    /** Whether a task is under way (not only looked for), for the watchdog. */
    volatile boolean busy;

    private final AtomicInteger state = new AtomicInteger(IDLE);
    long lookedAtTask;
    private long tasksRun;

    Server(String name) {
      super(name);
      setDaemon(true);
    }

    /** Gives this server up while its task holds it; false if the task ended meanwhile. */
    boolean retire() {
      if (!state.compareAndSet(RUNNING, RETIRED)) {
        return false;
      }
      running.decrementAndGet();
      live.remove(this);
      retired.incrementAndGet();
      return true;
    }

    @Override
    public void run() {
      ProcessorWait.registerCurrent();
      while (state.get() != RETIRED) {
        state.set(RUNNING);
        running.incrementAndGet();
        Runnable r = tasks.poll();
        if (r != null) {
          task = ++tasksRun;
          taskStarted = System.nanoTime();
          busy = true;
          try {
            r.run();
          } catch (Throwable ignored) {
            // a virtual thread's continuation reports its own failures
          }
          busy = false;
          if (!state.compareAndSet(RUNNING, IDLE)) {
            return; // retired while the task held it: another server has the queue
          }
          running.decrementAndGet();
          continue;
        }
        if (!state.compareAndSet(RUNNING, IDLE)) {
          return;
        }
        running.decrementAndGet();
        idle();
      }
    }

    /**
     * Leaves the live servers unless this is the last: two spares idle for as long would otherwise
     * both see the other and both leave (the next task then waits for a new thread).
     */
    private boolean leaveIfSpare() {
      synchronized (CarrierScheduler.this) {
        if (live.size() <= 1) {
          return false;
        }
        live.remove(this);
        return true;
      }
    }

    /** Parks until woken for a task; a spare server that waited long enough ends instead. */
    private void idle() {
      long spinUntil = System.nanoTime() + SPIN_NANOS;
      while (System.nanoTime() < spinUntil) {
        if (!tasks.isEmpty()) {
          return;
        }
        // not onSpinWait: the analysis helper and the compiler may need the processor
        Thread.yield();
      }
      parked.addFirst(this);
      if (!tasks.isEmpty()) {
        parked.remove(this);
        return;
      }
      long since = System.nanoTime();
      LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(SPARE_IDLE_MILLIS));
      if (parked.remove(this)
          && tasks.isEmpty()
          && System.nanoTime() - since >= TimeUnit.MILLISECONDS.toNanos(SPARE_IDLE_MILLIS)
          && leaveIfSpare()) {
        state.set(RETIRED); // only the watchdog changes it otherwise, and not while it is idle
        if (!tasks.isEmpty()) {
          wakeOne(); // a task came as this one left
        }
      }
    }
  }
}
