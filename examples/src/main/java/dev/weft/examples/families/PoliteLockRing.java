package dev.weft.examples.families;

import java.util.concurrent.locks.ReentrantLock;

/**
 * N threads around a ring of N {@link ReentrantLock}s, each yielding a few times before it takes
 * lock i and, holding it, lock i + 1. A thread that yields counts as polling until another thread
 * writes, and the scheduler holds polling threads back while any other thread can run; the deadlock
 * needs each of them to take its first lock while its neighbour holds its own, so a plan has to be
 * able to choose a held-back thread.
 *
 * <p>Argument: the number of threads (default 3, at least 2).
 */
public final class PoliteLockRing {
  static int token;

  private PoliteLockRing() {}

  public static void main(String[] args) throws InterruptedException {
    int n = Math.max(2, args.length > 0 ? Integer.parseInt(args[0]) : 3);
    ReentrantLock[] locks = new ReentrantLock[n];
    for (int i = 0; i < n; i++) {
      locks[i] = new ReentrantLock();
    }
    Thread[] threads = new Thread[n];
    for (int i = 0; i < n; i++) {
      ReentrantLock first = locks[i];
      ReentrantLock second = locks[(i + 1) % n];
      threads[i] =
          new Thread(
              () -> {
                for (int k = 0; k < 3; k++) {
                  Thread.yield();
                }
                first.lock();
                try {
                  second.lock();
                  try {
                    token++;
                  } finally {
                    second.unlock();
                  }
                } finally {
                  first.unlock();
                }
              },
              "link" + i);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
  }
}
