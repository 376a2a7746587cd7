package dev.weft.runtime.perrun;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code invokeAll} and {@code invokeAny} for the model pools. The JDK's versions wait for the
 * futures inside {@code AbstractExecutorService}, where Weft cannot see the waits; these wait in
 * model code, where each {@code Future.get} is a modelled blocking call.
 */
final class BulkSubmission {
  private BulkSubmission() {}

  static <T> List<Future<T>> invokeAll(
      ExecutorService pool, Collection<? extends Callable<T>> tasks) throws InterruptedException {
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> task : tasks) {
      futures.add(pool.submit(task));
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

  static <T> List<Future<T>> invokeAll(
      ExecutorService pool, Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> task : tasks) {
      futures.add(pool.submit(task));
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

  static <T> T invokeAny(ExecutorService pool, Collection<? extends Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    try {
      return invokeAny(pool, tasks, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    } catch (TimeoutException impossible) {
      throw new ExecutionException(impossible);
    }
  }

  static <T> T invokeAny(
      ExecutorService pool, Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("no tasks");
    }
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> task : tasks) {
      futures.add(pool.submit(task));
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
