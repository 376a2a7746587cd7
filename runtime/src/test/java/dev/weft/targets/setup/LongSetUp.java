package dev.weft.targets.setup;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Correct programs whose set-up loads many classes, as a framework's start-up loads a library, then
 * run a race-free pair of threads. The classes are {@code dev.weft.generated.Big0}, {@code Big1}...
 * on the class path (the test generates them); loading stops at the first missing.
 */
public final class LongSetUp {
  private LongSetUp() {}

  /** Loads every generated class on the main thread, alone, then starts the pair. */
  public static void loadAloneThenPair() throws Exception {
    int loaded = loadAll();
    pair(loaded);
  }

  /**
   * Starts a thread that waits for main, then loads every generated class on the main thread while
   * that thread is live, then lets it go: the set-up is not alone in the run.
   */
  public static void loadBesideAWaitingThread() throws Exception {
    Object lock = new Object();
    boolean[] ready = {false};
    Thread waiter =
        new Thread(
            () -> {
              synchronized (lock) {
                while (!ready[0]) {
                  try {
                    lock.wait();
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              }
            });
    waiter.start();
    int loaded = loadAll();
    synchronized (lock) {
      ready[0] = true;
      lock.notifyAll();
    }
    waiter.join();
    pair(loaded);
  }

  /** A thread alone in the run that computes for 600 ms of the real clock, then returns. */
  public static void computesAloneForAWhile() {
    java.time.Instant end = java.time.Instant.now().plusMillis(600);
    long x = 0;
    while (java.time.Instant.now().isBefore(end)) {
      x++;
    }
    if (x == 42) {
      System.out.println(x);
    }
  }

  private static int loadAll() throws ClassNotFoundException {
    int n = 0;
    while (true) {
      try {
        Class.forName("dev.weft.generated.Big" + n);
      } catch (ClassNotFoundException e) {
        break;
      }
      n++;
    }
    if (n == 0) {
      throw new ClassNotFoundException("no generated class on the class path");
    }
    return n;
  }

  private static void pair(int loaded) throws InterruptedException {
    AtomicInteger count = new AtomicInteger();
    Thread a = new Thread(count::incrementAndGet);
    Thread b = new Thread(count::incrementAndGet);
    a.start();
    b.start();
    a.join();
    b.join();
    if (count.get() != 2 || loaded <= 0) {
      throw new AssertionError("count " + count.get());
    }
  }
}
