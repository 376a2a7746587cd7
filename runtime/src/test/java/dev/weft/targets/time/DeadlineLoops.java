package dev.weft.targets.time;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Threads that work until a deadline read from the clock, as stress tests do: under virtual time
 * the loops must still end. Each loop body touches shared state (a scheduling point) between two
 * reads of the clock.
 */
public final class DeadlineLoops {
  private DeadlineLoops() {}

  static volatile int seen;
  static int[] local = new int[1];

  /** Two threads each read a shared field until three seconds of {@code currentTimeMillis}. */
  public static void pollMillis() throws InterruptedException {
    inTwoThreads(() -> untilMillis(3_000, () -> seen));
  }

  /** As {@link #pollMillis}, on {@code nanoTime}. */
  public static void pollNanos() throws InterruptedException {
    inTwoThreads(
        () -> {
          long end = System.nanoTime() + 3_000_000_000L;
          int n = 0;
          while (System.nanoTime() < end) {
            n += seen;
          }
          local[0] = n;
        });
  }

  /** A thread that yields between two reads of the clock. */
  public static void yieldBetweenReads() throws InterruptedException {
    inTwoThreads(
        () ->
            untilMillis(
                3_000,
                () -> {
                  Thread.yield();
                  return seen;
                }));
  }

  /** A thread that sleeps a millisecond between two reads of the clock. */
  public static void sleepBetweenReads() throws InterruptedException {
    inTwoThreads(
        () ->
            untilMillis(
                3_000,
                () -> {
                  try {
                    Thread.sleep(1);
                  } catch (InterruptedException e) {
                    throw new AssertionError(e);
                  }
                  return seen;
                }));
  }

  /** A thread that works on objects of its own (no scheduling points) between two reads. */
  public static void localWorkBetweenReads() throws InterruptedException {
    inTwoThreads(
        () ->
            untilMillis(
                3_000,
                () -> {
                  List<Integer> mine = new ArrayList<>();
                  for (int i = 0; i < 20; i++) {
                    mine.add(i);
                  }
                  return mine.size() + seen;
                }));
  }

  private static void untilMillis(long millis, LongSupplier body) {
    long start = System.currentTimeMillis();
    long sum = 0;
    while (System.currentTimeMillis() < start + millis) {
      sum += body.getAsLong();
    }
    if (sum == 42) {
      seen = 1;
    }
  }

  private static void inTwoThreads(Runnable body) throws InterruptedException {
    Thread other = new Thread(body, "other");
    other.start();
    body.run();
    other.join();
  }
}
