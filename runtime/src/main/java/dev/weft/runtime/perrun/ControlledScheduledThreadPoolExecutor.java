package dev.weft.runtime.perrun;

import dev.weft.runtime.control.RunSignals;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@code ScheduledThreadPoolExecutor} whose workers are controlled threads and whose delays run
 * on Weft's virtual clock: a task due in an hour runs as soon as nothing else can, without real
 * waiting. Target code that constructs or extends {@code ScheduledThreadPoolExecutor}, or calls
 * {@code Executors.newScheduledThreadPool}, gets this class.
 *
 * <p>The JDK's contract is kept: a fixed number of core workers, tasks run in order of due time
 * (then of submission), fixed-rate and fixed-delay periods, {@code decorateTask}, the shutdown
 * policies for delayed and periodic tasks, and the execution hooks. A worker waiting only for
 * periodic tasks counts as idle, so a program that leaves a heartbeat running still ends; a worker
 * waiting for a one-shot task keeps the run alive until the task is due, as the JDK's would.
 */
public class ControlledScheduledThreadPoolExecutor extends ScheduledThreadPoolExecutor {
  private final PriorityQueue<RunnableScheduledFuture<?>> delayed = new PriorityQueue<>();
  private final List<Thread> workers = new ArrayList<>();
  private ThreadFactory factory;
  private int core;
  private int live;
  private int idle;
  private int largest;
  private long completed;
  private long sequence;
  private boolean shutdown;
  private boolean tidying;
  private boolean terminated;

  public ControlledScheduledThreadPoolExecutor(int corePoolSize) {
    super(corePoolSize);
    init(corePoolSize, null);
  }

  public ControlledScheduledThreadPoolExecutor(int corePoolSize, ThreadFactory threadFactory) {
    super(corePoolSize, threadFactory);
    init(corePoolSize, threadFactory);
  }

  public ControlledScheduledThreadPoolExecutor(int corePoolSize, RejectedExecutionHandler handler) {
    super(corePoolSize, handler);
    init(corePoolSize, null);
  }

  public ControlledScheduledThreadPoolExecutor(
      int corePoolSize, ThreadFactory threadFactory, RejectedExecutionHandler handler) {
    super(corePoolSize, threadFactory, handler);
    init(corePoolSize, threadFactory);
  }

  private void init(int corePoolSize, ThreadFactory threadFactory) {
    this.core = corePoolSize;
    this.factory = threadFactory == null ? new PoolThreads() : threadFactory;
  }

  /** A scheduled task: due time on the virtual clock, period, and submission order for ties. */
  private final class DelayedTask<V> extends FutureTask<V> implements RunnableScheduledFuture<V> {
    private long seq;

    /** Positive: fixed rate; negative: fixed delay; zero: runs once. */
    private final long period;

    private long time;
    RunnableScheduledFuture<V> outer = this;

    DelayedTask(Runnable r, V result, long time, long period) {
      super(r, result);
      this.time = time;
      this.period = period;
    }

    DelayedTask(Callable<V> c, long time) {
      super(c);
      this.time = time;
      this.period = 0;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(time - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      if (other == this) {
        return 0;
      }
      if (other instanceof ControlledScheduledThreadPoolExecutor.DelayedTask<?> o) {
        int byTime = Long.compare(time, o.time);
        return byTime != 0 ? byTime : Long.compare(seq, o.seq);
      }
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean isPeriodic() {
      return period != 0;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      boolean cancelled = super.cancel(mayInterruptIfRunning);
      if (cancelled && getRemoveOnCancelPolicy()) {
        remove(outer);
      }
      return cancelled;
    }

    @Override
    public void run() {
      if (!isPeriodic()) {
        super.run();
      } else if (runAndReset()) {
        time = period > 0 ? time + period : System.nanoTime() - period;
        reExecutePeriodic(outer);
      }
    }
  }

  private long dueIn(long delay, TimeUnit unit) {
    return System.nanoTime() + Math.max(0, unit.toNanos(delay));
  }

  // ------------------------------------------------------------------------------ scheduling

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (command == null || unit == null) {
      throw new NullPointerException();
    }
    DelayedTask<Void> task = new DelayedTask<>(command, null, dueIn(delay, unit), 0);
    return submitDelayed(task, decorateTask(command, task));
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    if (callable == null || unit == null) {
      throw new NullPointerException();
    }
    DelayedTask<V> task = new DelayedTask<>(callable, dueIn(delay, unit));
    return submitDelayed(task, decorateTask(callable, task));
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    if (command == null || unit == null) {
      throw new NullPointerException();
    }
    if (period <= 0L) {
      throw new IllegalArgumentException();
    }
    DelayedTask<Void> task =
        new DelayedTask<>(command, null, dueIn(initialDelay, unit), unit.toNanos(period));
    return submitDelayed(task, decorateTask(command, task));
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    if (command == null || unit == null) {
      throw new NullPointerException();
    }
    if (delay <= 0L) {
      throw new IllegalArgumentException();
    }
    DelayedTask<Void> task =
        new DelayedTask<>(command, null, dueIn(initialDelay, unit), -unit.toNanos(delay));
    return submitDelayed(task, decorateTask(command, task));
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public Future<?> submit(Runnable task) {
    return schedule(task, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    return schedule(Executors.callable(task, result), 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public <T> Future<T> submit(Callable<T> task) {
    return schedule(task, 0, TimeUnit.NANOSECONDS);
  }

  private <V> RunnableScheduledFuture<V> submitDelayed(
      DelayedTask<V> inner, RunnableScheduledFuture<V> outer) {
    inner.outer = outer;
    boolean startWorker = false;
    boolean reject = false;
    synchronized (this) {
      inner.seq = sequence++;
      if (shutdown) {
        reject = true;
      } else {
        delayed.add(outer);
        notifyAll(); // a worker waiting for a later task looks again
        if (live < core || live == 0) {
          live++;
          largest = Math.max(largest, live);
          startWorker = true;
        }
      }
    }
    if (reject) {
      getRejectedExecutionHandler().rejectedExecution(outer, this);
    } else if (startWorker) {
      startWorker();
    }
    return outer;
  }

  private void reExecutePeriodic(RunnableScheduledFuture<?> task) {
    synchronized (this) {
      if (!shutdown || getContinueExistingPeriodicTasksAfterShutdownPolicy()) {
        delayed.add(task);
        notifyAll();
        return;
      }
    }
    task.cancel(false);
  }

  // --------------------------------------------------------------------------------- workers

  private void startWorker() {
    Thread worker = factory.newThread(this::work);
    if (worker == null) {
      synchronized (this) {
        live--;
        notifyAll();
      }
      return;
    }
    synchronized (this) {
      workers.add(worker);
    }
    worker.start();
  }

  private void work() {
    try {
      RunnableScheduledFuture<?> task;
      while ((task = nextTask()) != null) {
        runTask(task);
      }
    } finally {
      workerExit();
    }
  }

  private void runTask(Runnable task) {
    beforeExecute(Thread.currentThread(), task);
    Throwable thrown = null;
    try {
      task.run();
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e;
    } finally {
      synchronized (this) {
        completed++;
      }
      RunSignals.changed(); // the task's future completed inside the JDK
      afterExecute(task, thrown);
    }
  }

  /** Whether a task still runs now that the pool is shut down, per the two JDK policies. */
  private boolean runsAfterShutdown(RunnableScheduledFuture<?> task) {
    return task.isPeriodic()
        ? getContinueExistingPeriodicTasksAfterShutdownPolicy()
        : getExecuteExistingDelayedTasksAfterShutdownPolicy();
  }

  /** The next due task, waiting for it on the virtual clock; null when the worker should exit. */
  private synchronized RunnableScheduledFuture<?> nextTask() {
    while (true) {
      RunnableScheduledFuture<?> task = delayed.peek();
      if (task != null && (task.isCancelled() || (shutdown && !runsAfterShutdown(task)))) {
        delayed.poll();
        task.cancel(false);
        continue;
      }
      if (task == null && shutdown) {
        return null;
      }
      long wait = task == null ? 0 : task.getDelay(TimeUnit.NANOSECONDS);
      if (task != null && wait <= 0) {
        return delayed.poll();
      }
      boolean idleWait = task == null || onlyPeriodicPending();
      idle++;
      RunSignals.idle(idleWait);
      try {
        if (task == null) {
          wait();
        } else {
          wait(wait / 1_000_000, (int) (wait % 1_000_000));
        }
      } catch (InterruptedException e) {
        // shutdownNow: look at the state again
      } finally {
        RunSignals.idle(false);
        idle--;
      }
    }
  }

  private boolean onlyPeriodicPending() {
    for (RunnableScheduledFuture<?> t : delayed) {
      if (!t.isPeriodic() && !t.isCancelled()) {
        return false;
      }
    }
    return true;
  }

  private void workerExit() {
    boolean terminate;
    synchronized (this) {
      live--;
      workers.remove(Thread.currentThread());
      terminate = claimTermination();
      notifyAll();
    }
    if (terminate) {
      finishTermination();
    }
  }

  private boolean claimTermination() {
    if (!shutdown || live > 0 || tidying) {
      return false;
    }
    tidying = true;
    return true;
  }

  private void finishTermination() {
    try {
      terminated();
    } finally {
      synchronized (this) {
        terminated = true;
        notifyAll();
      }
    }
  }

  // -------------------------------------------------------------------------------- lifecycle

  @Override
  public void shutdown() {
    boolean terminate;
    synchronized (this) {
      shutdown = true;
      terminate = claimTermination();
      notifyAll();
    }
    if (terminate) {
      finishTermination();
    }
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Runnable> pending;
    List<Thread> toInterrupt;
    synchronized (this) {
      pending = new ArrayList<>(delayed);
      delayed.clear();
      toInterrupt = new ArrayList<>(workers);
    }
    shutdown();
    for (Thread w : toInterrupt) {
      w.interrupt();
    }
    return pending;
  }

  @Override
  public synchronized boolean isShutdown() {
    return shutdown;
  }

  @Override
  public synchronized boolean isTerminating() {
    return shutdown && !terminated;
  }

  @Override
  public synchronized boolean isTerminated() {
    return terminated;
  }

  @Override
  public synchronized boolean awaitTermination(long timeout, TimeUnit unit)
      throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!terminated) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
    }
    return true;
  }

  // ------------------------------------------------------------------- queue, sizes, counts

  /** A snapshot of the pending tasks in due order (the JDK's is a live view). */
  @Override
  public synchronized BlockingQueue<Runnable> getQueue() {
    List<RunnableScheduledFuture<?>> pending = new ArrayList<>(delayed);
    pending.sort(null);
    return new LinkedBlockingQueue<>(pending);
  }

  @Override
  public synchronized boolean remove(Runnable task) {
    return delayed.remove(task);
  }

  @Override
  public synchronized void purge() {
    delayed.removeIf(Future::isCancelled);
  }

  @Override
  public synchronized int getCorePoolSize() {
    return core;
  }

  @Override
  public synchronized void setCorePoolSize(int corePoolSize) {
    if (corePoolSize < 0) {
      throw new IllegalArgumentException();
    }
    core = corePoolSize;
  }

  @Override
  public boolean prestartCoreThread() {
    synchronized (this) {
      if (live >= core || shutdown) {
        return false;
      }
      live++;
      largest = Math.max(largest, live);
    }
    startWorker();
    return true;
  }

  @Override
  public int prestartAllCoreThreads() {
    int n = 0;
    while (prestartCoreThread()) {
      n++;
    }
    return n;
  }

  @Override
  public synchronized ThreadFactory getThreadFactory() {
    return factory;
  }

  @Override
  public synchronized void setThreadFactory(ThreadFactory threadFactory) {
    if (threadFactory == null) {
      throw new NullPointerException();
    }
    factory = threadFactory;
  }

  @Override
  public synchronized int getPoolSize() {
    return live;
  }

  @Override
  public synchronized int getActiveCount() {
    return live - idle;
  }

  @Override
  public synchronized int getLargestPoolSize() {
    return largest;
  }

  @Override
  public synchronized long getTaskCount() {
    return completed + (live - idle) + delayed.size();
  }

  @Override
  public synchronized long getCompletedTaskCount() {
    return completed;
  }

  // ---------------------------------------------------------- bulk submission (waits here)

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks)
      throws InterruptedException {
    return BulkSubmission.invokeAll(this, tasks);
  }

  @Override
  public <T> List<Future<T>> invokeAll(
      Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException {
    return BulkSubmission.invokeAll(this, tasks, timeout, unit);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    return BulkSubmission.invokeAny(this, tasks);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return BulkSubmission.invokeAny(this, tasks, timeout, unit);
  }
}
