package dev.weft.testtargets;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Programs that reach Weft-modelled JDK methods only through method references. Correct ones check
 * their own result; if a reference escaped the hooks, a thread would start or block outside Weft's
 * control and the run would be skipped instead of passing.
 */
public final class MethodReferenceTargets {
  private MethodReferenceTargets() {}

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }

  /** {@code Thread::start}, {@code lock::lock}, {@code latch::countDown}, an atomic's methods. */
  public static void referencesAreControlled() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    CountDownLatch done = new CountDownLatch(3);
    AtomicInteger counter = new AtomicInteger();
    Runnable acquire = lock::lock;
    Runnable release = lock::unlock;
    Supplier<Integer> increment = counter::incrementAndGet;
    Runnable countDown = done::countDown;
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      threads.add(
          new Thread(
              () -> {
                acquire.run();
                try {
                  increment.get();
                } finally {
                  release.run();
                }
                countDown.run();
              }));
    }
    threads.forEach(Thread::start);
    done.await();
    check(counter.get() == 3, "count " + counter.get());
  }

  /**
   * A pool made through a constructor reference and tasks submitted as {@code latch::countDown}.
   */
  public static void poolTasksByReference() throws InterruptedException {
    Supplier<ExecutorService> pools = Executors::newSingleThreadExecutor;
    ExecutorService pool = pools.get();
    CountDownLatch latch = new CountDownLatch(2);
    pool.execute(latch::countDown);
    pool.execute(latch::countDown);
    latch.await();
    pool.shutdown();
    check(latch.getCount() == 0, "latch " + latch.getCount());
  }

  static final ConcurrentHashMap<String, Integer> MAP = new ConcurrentHashMap<>();

  /**
   * Bug: check-then-act through references to the map's methods. Found only if {@code
   * map::containsKey} and {@code map::put} are scheduling points.
   */
  public static void checkThenActByReference() throws InterruptedException {
    MAP.clear();
    AtomicInteger winners = new AtomicInteger();
    java.util.function.Predicate<String> present = MAP::containsKey;
    BiFunction<String, Integer, Integer> put = MAP::put;
    Runnable claim =
        () -> {
          if (!present.test("k")) {
            put.apply("k", 1);
            winners.incrementAndGet();
          }
        };
    Thread a = new Thread(claim);
    Thread b = new Thread(claim);
    a.start();
    b.start();
    a.join();
    b.join();
    check(winners.get() == 1, "two threads claimed the key");
  }

  /** Deadlock: the lock is held by main while a thread blocks on it through {@code lock::lock}. */
  public static void lockByReferenceDeadlocks() throws InterruptedException {
    ReentrantLock lock = new ReentrantLock();
    lock.lock();
    Thread t = new Thread(lock::lock);
    t.start();
    t.join();
  }
}
