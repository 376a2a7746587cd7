package dev.weft.targets.pass.park;

import java.util.concurrent.locks.LockSupport;

/** {@code LockSupport.park/unpark}: a parked thread wakes when unparked. */
public final class Parking {
  private Parking() {}

  static volatile boolean flag;

  public static void parkUntilUnparked() throws InterruptedException {
    flag = false;
    Thread waiter =
        new Thread(
            () -> {
              while (!flag) {
                LockSupport.park();
              }
            });
    waiter.start();
    flag = true;
    LockSupport.unpark(waiter);
    waiter.join();
  }
}
