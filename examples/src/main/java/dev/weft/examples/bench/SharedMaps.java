package dev.weft.examples.bench;

import java.util.HashMap;
import java.util.Map;

/**
 * Runs of a chosen length for measuring the race oracle; not a bug, not part of the catalog. Every
 * thread puts into one {@code HashMap} under a monitor and bumps a plain array element under the
 * same monitor, so each step is a synchronised call on a watched object plus two field-mode
 * accesses: the oracle has to walk the whole trace, and finds nothing.
 *
 * <p>Arguments: total events (about) and threads (default 2).
 */
public final class SharedMaps {
  private SharedMaps() {}

  public static void main(String[] args) throws InterruptedException {
    long events = Long.parseLong(args[0]);
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int steps = (int) Math.max(1, events / 5 / threads);
    Map<Integer, Integer> map = new HashMap<>();
    int[] cells = new int[4];
    Object lock = new Object();
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int base = t * steps;
      workers[t] =
          new Thread(
              () -> {
                for (int i = 0; i < steps; i++) {
                  synchronized (lock) {
                    map.put(base + i & 1023, i);
                    cells[i & 3]++;
                  }
                }
              });
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
  }
}
