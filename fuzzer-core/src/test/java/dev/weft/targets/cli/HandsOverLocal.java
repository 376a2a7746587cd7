package dev.weft.targets.cli;

/**
 * A counter built by one thread (local to it at first) and reached by a second one through a holder
 * published in a static; both add one without a lock, so an update can be lost.
 */
public final class HandsOverLocal {
  static final class Counter {
    int n;
  }

  static final class Holder {
    Counter counter;
  }

  private static Holder published;

  private HandsOverLocal() {}

  public static void main(String[] args) throws InterruptedException {
    Thread other =
        new Thread(
            () -> {
              Holder h;
              while ((h = published) == null) {
                Thread.yield();
              }
              h.counter.n++;
            });
    other.start();
    Holder h = new Holder();
    h.counter = new Counter();
    for (int i = 0; i < 10; i++) {
      h.counter.n = 0; // work on the counter while it is local: no scheduling points
    }
    published = h;
    h.counter.n++;
    other.join();
    if (h.counter.n != 2) {
      throw new AssertionError("lost update: " + h.counter.n);
    }
  }
}
