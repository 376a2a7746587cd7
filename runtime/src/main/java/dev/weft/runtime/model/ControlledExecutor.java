package dev.weft.runtime.model;

import dev.weft.runtime.scheduler.Hooks;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A thread pool whose workers are controlled threads: up to {@code maxWorkers} threads, started on
 * demand, take tasks from one FIFO queue. It keeps the {@code ExecutorService} contract (shutdown,
 * termination, futures) with a plain monitor, so that every handoff between the submitter and a
 * worker is a scheduling point. Workers waiting for work are idle: a run whose only live threads
 * are idle workers has ended, as a program whose pool was never shut down has done its work.
 */
public final class ControlledExecutor extends AbstractExecutorService {
  private final int maxWorkers;
  private final ThreadFactory factory;
  private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
  private final List<Thread> workers = new ArrayList<>();
  private int live;
  private int idle;
  private boolean shutdown;

  public ControlledExecutor(int maxWorkers, ThreadFactory factory) {
    if (maxWorkers <= 0) {
      throw new IllegalArgumentException("pool size " + maxWorkers);
    }
    this.maxWorkers = maxWorkers;
    this.factory = factory == null ? new NamedThreads() : factory;
  }

  /** Names workers {@code pool-thread-N}, counting within this pool so names repeat per run. */
  private static final class NamedThreads implements ThreadFactory {
    private int created;

    @Override
    public synchronized Thread newThread(Runnable r) {
      return new Thread(r, "pool-thread-" + ++created);
    }
  }

  @Override
  public void execute(Runnable task) {
    if (task == null) {
      throw new NullPointerException();
    }
    synchronized (this) {
      if (shutdown) {
        throw new RejectedExecutionException("executor has been shut down");
      }
      queue.addLast(task);
      if (idle > 0) {
        notify();
        return;
      }
      if (live >= maxWorkers) {
        return;
      }
      live++;
    }
    Thread worker = factory.newThread(this::work);
    synchronized (this) {
      workers.add(worker);
    }
    worker.start();
  }

  private void work() {
    while (true) {
      Runnable task;
      synchronized (this) {
        while (queue.isEmpty() && !shutdown) {
          idle++;
          Hooks.idle(true);
          try {
            wait();
          } catch (InterruptedException e) {
            // shutdownNow: look at the state again
          } finally {
            Hooks.idle(false);
            idle--;
          }
        }
        task = queue.pollFirst();
        if (task == null) {
          live--;
          notifyAll();
          return;
        }
      }
      try {
        task.run();
        Hooks.changed(); // a future may have completed inside the JDK
      } catch (RuntimeException | Error e) {
        synchronized (this) {
          live--;
          notifyAll();
        }
        throw e; // an uncaught exception in a pool thread, as a real pool reports it
      }
    }
  }

  @Override
  public synchronized void shutdown() {
    shutdown = true;
    notifyAll();
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Runnable> pending;
    List<Thread> toInterrupt;
    synchronized (this) {
      shutdown = true;
      pending = new ArrayList<>(queue);
      queue.clear();
      toInterrupt = new ArrayList<>(workers);
      notifyAll();
    }
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
  public synchronized boolean isTerminated() {
    return shutdown && live == 0;
  }

  @Override
  public synchronized boolean awaitTermination(long timeout, TimeUnit unit)
      throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!isTerminated()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
    }
    return true;
  }

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends java.util.concurrent.Callable<T>> tasks)
      throws InterruptedException {
    List<Future<T>> futures = new ArrayList<>();
    for (java.util.concurrent.Callable<T> task : tasks) {
      futures.add(submit(task));
    }
    for (Future<T> f : futures) {
      try {
        f.get();
      } catch (ExecutionException | CancellationException ignored) {
        // reported through the future, as invokeAll does
      }
    }
    return futures;
  }

  @Override
  public <T> List<Future<T>> invokeAll(
      Collection<? extends java.util.concurrent.Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    List<Future<T>> futures = new ArrayList<>();
    for (java.util.concurrent.Callable<T> task : tasks) {
      futures.add(submit(task));
    }
    for (Future<T> f : futures) {
      try {
        f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (ExecutionException | CancellationException ignored) {
        // reported through the future
      } catch (TimeoutException e) {
        for (Future<T> g : futures) {
          g.cancel(true);
        }
        break;
      }
    }
    return futures;
  }

  @Override
  public <T> T invokeAny(Collection<? extends java.util.concurrent.Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    try {
      return invokeAny(tasks, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    } catch (TimeoutException impossible) {
      throw new ExecutionException(impossible);
    }
  }

  @Override
  public <T> T invokeAny(
      Collection<? extends java.util.concurrent.Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("no tasks");
    }
    List<Future<T>> futures = new ArrayList<>();
    for (java.util.concurrent.Callable<T> task : tasks) {
      futures.add(submit(task));
    }
    ExecutionException last = null;
    try {
      for (Future<T> f : futures) {
        try {
          return f.get(timeout, unit);
        } catch (ExecutionException e) {
          last = e;
        }
      }
      throw last;
    } finally {
      for (Future<T> f : futures) {
        f.cancel(true);
      }
    }
  }
}
