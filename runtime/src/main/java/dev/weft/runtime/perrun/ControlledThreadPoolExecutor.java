package dev.weft.runtime.perrun;

import dev.weft.runtime.control.RunSignals;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@code ThreadPoolExecutor} whose workers are controlled threads. Target code that builds a pool
 * with {@code new ThreadPoolExecutor(...)}, extends it, or calls an {@code Executors} factory gets
 * this class instead, so {@code (ThreadPoolExecutor) pool} casts, {@code getQueue()}, rejection
 * handlers and the {@code beforeExecute/afterExecute/terminated} hooks behave as on the JDK, while
 * every handoff between a submitter and a worker is a scheduling point under a plain monitor.
 *
 * <p>The JDK's sizing policy is kept: below the core size a task starts a worker; then it goes to
 * the target's queue (or straight to an idle worker, which is what a {@code SynchronousQueue}
 * does); if the queue refuses it a worker is started up to the maximum size; otherwise the
 * rejection handler runs. Keep-alive times are accepted but workers never time out: an idle worker
 * is one the run may end without, so it costs nothing. Workers waiting for work are idle: a run
 * whose only live threads are idle workers has ended, as a program whose pool was never shut down
 * has done its work. {@code invokeAll/invokeAny} are reimplemented here because the JDK's versions
 * wait inside the JDK, where Weft cannot see them.
 */
public class ControlledThreadPoolExecutor extends ThreadPoolExecutor {
  private final ArrayDeque<Runnable> handoff = new ArrayDeque<>();
  private final List<Thread> workers = new ArrayList<>();
  private ThreadFactory factory;
  private int core;
  private int max;
  private int live;
  private int idle;
  private int largest;
  private long completed;
  private boolean shutdown;
  private boolean tidying;
  private boolean terminated;

  public ControlledThreadPoolExecutor(
      int corePoolSize,
      int maximumPoolSize,
      long keepAliveTime,
      TimeUnit unit,
      BlockingQueue<Runnable> workQueue) {
    super(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue);
    init(corePoolSize, maximumPoolSize, null);
  }

  public ControlledThreadPoolExecutor(
      int corePoolSize,
      int maximumPoolSize,
      long keepAliveTime,
      TimeUnit unit,
      BlockingQueue<Runnable> workQueue,
      ThreadFactory threadFactory) {
    super(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, threadFactory);
    init(corePoolSize, maximumPoolSize, threadFactory);
  }

  public ControlledThreadPoolExecutor(
      int corePoolSize,
      int maximumPoolSize,
      long keepAliveTime,
      TimeUnit unit,
      BlockingQueue<Runnable> workQueue,
      RejectedExecutionHandler handler) {
    super(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, handler);
    init(corePoolSize, maximumPoolSize, null);
  }

  public ControlledThreadPoolExecutor(
      int corePoolSize,
      int maximumPoolSize,
      long keepAliveTime,
      TimeUnit unit,
      BlockingQueue<Runnable> workQueue,
      ThreadFactory threadFactory,
      RejectedExecutionHandler handler) {
    super(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, threadFactory, handler);
    init(corePoolSize, maximumPoolSize, threadFactory);
  }

  private void init(int corePoolSize, int maximumPoolSize, ThreadFactory threadFactory) {
    this.core = corePoolSize;
    this.max = maximumPoolSize;
    // the JDK's default factory numbers pools process-wide; this one repeats per run
    this.factory = threadFactory == null ? new PoolThreads() : threadFactory;
  }

  // ------------------------------------------------------------------------------ submission

  @Override
  public void execute(Runnable task) {
    if (task == null) {
      throw new NullPointerException();
    }
    boolean startWorker = false;
    boolean reject = false;
    synchronized (this) {
      if (shutdown) {
        reject = true;
      } else if (live < core) {
        startWorker = true;
      } else if (idle > handoff.size()) {
        handoff.addLast(task);
        notify();
      } else if (getQueue().offer(task)) {
        if (live == 0) {
          startWorker = true;
          task = null;
        }
      } else if (live < max) {
        startWorker = true;
      } else {
        reject = true;
      }
      if (startWorker) {
        live++;
        largest = Math.max(largest, live);
      }
    }
    if (reject) {
      getRejectedExecutionHandler().rejectedExecution(task, this);
    } else if (startWorker) {
      startWorker(task);
    }
  }

  private void startWorker(Runnable first) {
    Thread worker = factory.newThread(() -> work(first));
    if (worker == null) {
      synchronized (this) {
        live--;
        notifyAll();
      }
      if (first != null) {
        getRejectedExecutionHandler().rejectedExecution(first, this);
      }
      return;
    }
    synchronized (this) {
      workers.add(worker);
    }
    worker.start();
  }

  // --------------------------------------------------------------------------------- workers

  private void work(Runnable first) {
    Runnable task = first;
    boolean normalExit = false;
    try {
      while (task != null || (task = nextTask()) != null) {
        runTask(task);
        task = null;
      }
      normalExit = true;
    } finally {
      workerExit(normalExit);
    }
  }

  private void runTask(Runnable task) {
    beforeExecute(Thread.currentThread(), task);
    Throwable thrown = null;
    try {
      task.run();
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e; // an uncaught exception in a pool thread, as a real pool reports it
    } finally {
      synchronized (this) {
        completed++;
      }
      RunSignals.changed(); // a future may have completed inside the JDK
      afterExecute(task, thrown);
    }
  }

  /** The next task, waiting (idle) for one; null once the pool is shut down and drained. */
  private synchronized Runnable nextTask() {
    while (true) {
      Runnable task = handoff.pollFirst();
      if (task == null) {
        task = getQueue().poll();
      }
      if (task != null || shutdown) {
        return task;
      }
      idle++;
      RunSignals.idle(true);
      try {
        wait();
      } catch (InterruptedException e) {
        // shutdownNow: look at the state again
      } finally {
        RunSignals.idle(false);
        idle--;
      }
    }
  }

  private void workerExit(boolean normalExit) {
    boolean replace;
    boolean terminate;
    synchronized (this) {
      live--;
      workers.remove(Thread.currentThread());
      // a worker killed by its task is replaced while there is work, as the JDK does
      replace = !normalExit && !shutdown && !getQueue().isEmpty();
      if (replace) {
        live++;
      }
      terminate = claimTermination();
      notifyAll();
    }
    if (replace) {
      startWorker(null);
    }
    if (terminate) {
      finishTermination();
    }
  }

  /** Whether the caller is the one to run {@code terminated()}: shut down, no worker left. */
  private boolean claimTermination() {
    if (!shutdown || live > 0 || tidying) {
      return false;
    }
    tidying = true;
    return true;
  }

  /** Runs the {@code terminated()} hook, and only then lets {@code awaitTermination} return. */
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
    List<Runnable> pending = new ArrayList<>();
    List<Thread> toInterrupt;
    synchronized (this) {
      pending.addAll(handoff);
      handoff.clear();
      getQueue().drainTo(pending);
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

  // ------------------------------------------------------------------------ sizes and counts

  @Override
  public synchronized int getCorePoolSize() {
    return core;
  }

  @Override
  public void setCorePoolSize(int corePoolSize) {
    int start;
    synchronized (this) {
      if (corePoolSize < 0 || max < corePoolSize) {
        throw new IllegalArgumentException();
      }
      core = corePoolSize;
      start = Math.max(0, Math.min(core - live, getQueue().size()));
      live += start;
      largest = Math.max(largest, live);
    }
    for (int i = 0; i < start; i++) {
      startWorker(null);
    }
  }

  @Override
  public synchronized int getMaximumPoolSize() {
    return max;
  }

  @Override
  public synchronized void setMaximumPoolSize(int maximumPoolSize) {
    if (maximumPoolSize <= 0 || maximumPoolSize < core) {
      throw new IllegalArgumentException();
    }
    max = maximumPoolSize;
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
    startWorker(null);
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
    return completed + (live - idle) + handoff.size() + getQueue().size();
  }

  @Override
  public synchronized long getCompletedTaskCount() {
    return completed;
  }

  @Override
  public synchronized String toString() {
    String state = terminated ? "Terminated" : shutdown ? "Shutting down" : "Running";
    return getClass().getName()
        + "@"
        + Integer.toHexString(System.identityHashCode(this))
        + "["
        + state
        + ", pool size = "
        + live
        + ", active threads = "
        + (live - idle)
        + ", queued tasks = "
        + (handoff.size() + getQueue().size())
        + ", completed tasks = "
        + completed
        + "]";
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
