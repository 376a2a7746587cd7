package dev.weft.targets.jvm;

/**
 * A lost update that {@link DefinesClasses} loads a second time, from its class file bytes, in a
 * loader of its own: the copy is a class the program defined while it ran.
 */
public final class Racer {
  static int count;

  private Racer() {}

  static void bump() {
    count++;
  }

  /** Two threads increment without a lock; the second may overwrite the first. */
  public static void race() throws InterruptedException {
    Thread a = new Thread(Racer::bump, "a");
    Thread b = new Thread(Racer::bump, "b");
    a.start();
    b.start();
    a.join();
    b.join();
    if (count != 2) {
      throw new AssertionError("lost update in a class defined at run time: count = " + count);
    }
  }
}
