package dev.weft.targets.pass.methodrefs;

import static dev.weft.targets.Checks.check;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Programs that reach Weft-modelled JDK methods only through method references, and check their own
 * result: if a reference escaped the hooks, a thread would start or block outside Weft's control
 * and the run would be skipped instead of passing.
 */
public final class MethodReferences {
  private MethodReferences() {}

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
}
