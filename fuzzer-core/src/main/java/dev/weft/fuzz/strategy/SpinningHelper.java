package dev.weft.fuzz.strategy;

import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One daemon thread that runs the tasks handed to it in turn, and keeps looking for the next for a
 * short while after each (yielding the processor: a busy spin starved the compiler threads, and on
 * JDK 17 the thread waiting for the analysis, when they shared a processor) before it parks. The
 * segment strategy hands it a run's analysis every run: when the analysis is the slower of the two,
 * the next one comes within microseconds of the last, and waking a parked thread (tens of
 * microseconds on a virtual machine) would be added to every one of them. The thread ends after a
 * few idle seconds, so a finished campaign keeps none; the next task starts another.
 */
final class SpinningHelper {
  private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
  private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
  private static final long IDLE_EXIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final String name;
  private final long idleExitNanos;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicReference<Thread> worker = new AtomicReference<>();
  private volatile boolean parked;

  SpinningHelper(String name) {
    this(name, IDLE_EXIT_NANOS);
  }

  /**
   * @param idleExitNanos how long the thread waits for a task before it ends (for tests)
   */
  SpinningHelper(String name, long idleExitNanos) {
    this.name = name;
    this.idleExitNanos = idleExitNanos;
  }

  <T> Future<T> submit(Callable<T> callable) {
    FutureTask<T> task = new FutureTask<>(callable);
    execute(task);
    return task;
  }

  /** Runs {@code task} on the thread, after those handed over before it. */
  void execute(Runnable task) {
    tasks.offer(task);
    Thread current = worker.get();
    if (current == null) {
      Thread fresh = new Thread(this::work, name);
      fresh.setDaemon(true);
      if (worker.compareAndSet(null, fresh)) {
        fresh.start();
      } else {
        LockSupport.unpark(worker.get());
      }
    } else if (parked) {
      LockSupport.unpark(current);
    }
  }

  private void work() {
    Thread me = Thread.currentThread();
    long idleSince = System.nanoTime();
    while (true) {
      Runnable task = tasks.poll();
      if (task != null) {
        task.run();
        idleSince = System.nanoTime();
        continue;
      }
      long idle = System.nanoTime() - idleSince;
      if (idle < SPIN_NANOS) {
        Thread.yield(); // lets the compiler and collector threads have the processor
        continue;
      }
      if (idle >= idleExitNanos) {
        worker.set(null); // from here a submitter starts another thread
        if (tasks.isEmpty() || !worker.compareAndSet(null, me)) {
          return; // nothing came, or the thread a submitter started takes it
        }
        continue; // a task came before the handover: this thread stays
      }
      // a submitter either sees parked (and unparks) or offered before this looks at the queue
      parked = true;
      if (tasks.isEmpty()) {
        LockSupport.parkNanos(this, Math.min(PARK_NANOS, idleExitNanos));
      }
      parked = false;
    }
  }
}
