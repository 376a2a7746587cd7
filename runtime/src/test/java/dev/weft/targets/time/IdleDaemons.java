package dev.weft.targets.time;

/**
 * An embedded server's boot: daemon threads that sleep between rounds of housekeeping, then a long
 * single-threaded set-up (a large value written element by element) while they sleep, then the
 * test's own two threads. A correct program: no hang.
 */
public final class IdleDaemons {
  private IdleDaemons() {}

  static int housekeeping;
  static byte[] value;
  static int counter;

  public static void longSetUpBesideSleepingDaemons() throws InterruptedException {
    for (int i = 0; i < 2; i++) {
      Thread daemon =
          new Thread(
              () -> {
                while (true) {
                  try {
                    Thread.sleep(60_000);
                  } catch (InterruptedException e) {
                    return;
                  }
                  housekeeping++;
                }
              },
              "housekeeper-" + i);
      daemon.setDaemon(true);
      daemon.start();
    }
    value = new byte[1_100_000];
    for (int i = 0; i < value.length; i++) {
      value[i] =
          (byte) i; // one scheduling point per element: 1,100,000 steps of set-up, and as many to
      // check it
    }
    for (int i = 0; i < value.length; i++) {
      if (value[i] != (byte) i) {
        throw new AssertionError("value corrupted at " + i);
      }
    }
    Runnable bump =
        () -> {
          synchronized (IdleDaemons.class) {
            counter++;
          }
        };
    Thread a = new Thread(bump);
    a.start();
    bump.run();
    a.join();
  }
}
