package dev.weft.examples.bench;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A correct program whose threads do most of their work on data of their own: {@code args[0]}
 * workers (default 4) each encode {@code args[1]} messages (default 20) of 16 values into a buffer
 * only they use, add up what they wrote, and publish their checksum and last buffer; the main
 * thread checks both. For measuring what tracking thread-local objects saves; not part of the
 * catalog.
 */
public final class LocalBuffers {
  private static final AtomicLong TOTAL = new AtomicLong();
  private static final ConcurrentLinkedQueue<int[]> LAST = new ConcurrentLinkedQueue<>();

  private LocalBuffers() {}

  static long encode(int worker, int messages) {
    int[] buffer = new int[16];
    long sum = 0;
    for (int m = 0; m < messages; m++) {
      for (int i = 0; i < buffer.length; i++) {
        buffer[i] = worker * 1000 + m * 31 + i;
      }
      for (int value : buffer) {
        sum += value;
      }
    }
    LAST.add(buffer);
    return sum;
  }

  public static void main(String[] args) throws InterruptedException {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int messages = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    TOTAL.set(0);
    LAST.clear();
    Thread[] workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      int worker = w;
      workers[w] = new Thread(() -> TOTAL.addAndGet(encode(worker, messages)));
      workers[w].start();
    }
    long expected = 0;
    for (int w = 0; w < threads; w++) {
      workers[w].join();
      for (int m = 0; m < messages; m++) {
        for (int i = 0; i < 16; i++) {
          expected += w * 1000 + m * 31 + i;
        }
      }
    }
    if (TOTAL.get() != expected || LAST.size() != threads) {
      throw new AssertionError("total " + TOTAL.get() + " expected " + expected);
    }
  }
}
