package dev.weft.targets.pass.semaphores;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.Semaphore;

/** {@code Semaphore}: no more threads inside than permits, and every permit comes back. */
public final class Semaphores {
  private Semaphores() {}

  static int inside;

  public static void semaphoreBoundsConcurrency() throws InterruptedException {
    Semaphore permits = new Semaphore(2);
    Object mutex = new Object();
    inside = 0;
    Runnable body =
        () -> {
          permits.acquireUninterruptibly();
          try {
            synchronized (mutex) {
              inside++;
              check(inside <= 2, "three threads inside a two-permit semaphore");
            }
            Thread.yield();
            synchronized (mutex) {
              inside--;
            }
          } finally {
            permits.release();
          }
        };
    joinAll(startAll(body, body, body, body));
    check(permits.availablePermits() == 2, "permits leaked");
  }
}
