package dev.weft.targets.fail.methodrefs;

import static dev.weft.targets.Checks.check;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;

/**
 * Bugs reached only through method references to modelled JDK methods: a check-then-act race and a
 * deadlock. Found only if the references go through Weft's hooks like direct calls.
 */
public final class MethodReferenceBugs {
  private MethodReferenceBugs() {}

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
