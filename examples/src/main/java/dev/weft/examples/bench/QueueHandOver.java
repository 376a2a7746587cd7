package dev.weft.examples.bench;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A correct program of blocking hand-overs: {@code args[0]} producers (default 40) each put {@code
 * args[2]} values (default 10) into one {@link ArrayBlockingQueue} of capacity 4, which {@code
 * args[1]} consumers (default 40) take from, as many values each as a producer puts; the main
 * thread joins them all and checks the sum. The blocking counterpart of {@code TreiberStackFixed}
 * with the same threads, for measuring many threads that wait in the JDK's locks and conditions;
 * not part of the catalog.
 */
public final class QueueHandOver {
  private QueueHandOver() {}

  public static void main(String[] args) throws InterruptedException {
    int producers = args.length > 0 ? Integer.parseInt(args[0]) : 40;
    int consumers = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    int values = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    if (producers != consumers) {
      throw new IllegalArgumentException("as many consumers as producers");
    }
    BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(4);
    long[] taken = new long[consumers];
    Thread[] threads = new Thread[producers + consumers];
    for (int i = 0; i < producers; i++) {
      threads[i] =
          new Thread(
              () -> {
                try {
                  for (int v = 1; v <= values; v++) {
                    queue.put(v);
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "producer-" + i);
    }
    for (int i = 0; i < consumers; i++) {
      int me = i;
      threads[producers + i] =
          new Thread(
              () -> {
                try {
                  for (int v = 0; v < values; v++) {
                    taken[me] += queue.take();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "consumer-" + i);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    long sum = 0;
    for (long t : taken) {
      sum += t;
    }
    long expected = (long) producers * values * (values + 1) / 2;
    if (sum != expected || !queue.isEmpty()) {
      throw new AssertionError("took values summing to " + sum + ", put " + expected);
    }
  }
}
