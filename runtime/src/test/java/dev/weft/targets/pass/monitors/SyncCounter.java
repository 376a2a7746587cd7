package dev.weft.targets.pass.monitors;

/** The correct twin of {@link LostUpdate}, with a synchronized method and a synchronized block. */
public class SyncCounter {
  static int counter;
  static final Object LOCK = new Object();

  static synchronized void inc() {
    counter++;
  }

  public static void main(String[] args) throws InterruptedException {
    Thread a = new Thread(SyncCounter::inc);
    Thread b =
        new Thread(
            () -> {
              synchronized (SyncCounter.class) {
                counter++;
              }
            });
    a.start();
    b.start();
    a.join();
    b.join();
    if (counter != 2) {
      throw new AssertionError("lost update: counter = " + counter);
    }
  }
}
