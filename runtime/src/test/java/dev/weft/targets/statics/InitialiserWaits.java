package dev.weft.targets.statics;

/**
 * A class whose static initialiser must wait for a lock another thread holds, and that other thread
 * then uses the class: on the JVM it waits for the initialiser to finish, which it can once the
 * lock is free. A correct program: it always ends.
 */
public final class InitialiserWaits {
  private InitialiserWaits() {}

  static final Object LOCK = new Object();
  static volatile boolean lockTaken;
  static volatile boolean initialising;

  /** The class the two threads race to use. */
  static final class Slow {
    static final int VALUE;

    static {
      initialising = true;
      synchronized (LOCK) { // held by the other thread: the initialiser must wait
        VALUE = 7;
      }
    }

    private Slow() {}

    static int value() {
      return VALUE;
    }
  }

  public static void twoThreadsUseAClassBeingInitialised() throws InterruptedException {
    Thread other =
        new Thread(
            () -> {
              synchronized (LOCK) {
                lockTaken = true;
                while (!initialising) {
                  Thread.yield();
                }
              }
              if (Slow.value() != 7) {
                throw new AssertionError("used before initialised");
              }
            },
            "other");
    other.start();
    while (!lockTaken) {
      Thread.yield();
    }
    if (Slow.value() != 7) {
      throw new AssertionError("main: not initialised");
    }
    other.join();
  }
}
