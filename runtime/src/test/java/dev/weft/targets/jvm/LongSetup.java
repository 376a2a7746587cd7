package dev.weft.targets.jvm;

/**
 * A program that sets up for a long time alone (as a library generating classes would) before two
 * threads race: the set-up is not a hang, and the race is still found.
 */
public final class LongSetup {
  private LongSetup() {}

  static int setupWork;
  static int counter;

  public static void thenRace() throws InterruptedException {
    for (int i = 0; i < 1_500_000; i++) {
      setupWork++; // a read and a write: 3,000,000 scheduling points with one thread alive
    }
    Runnable bump = () -> counter++;
    Thread a = new Thread(bump);
    Thread b = new Thread(bump);
    a.start();
    b.start();
    a.join();
    b.join();
    if (counter != 2) {
      throw new AssertionError("lost update after set-up: " + counter);
    }
  }
}
