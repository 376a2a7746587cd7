package dev.weft.targets.fail.fields;

/** Two unsynchronised increments: the final value is 1 when one update is lost. */
public class LostUpdate {
  static int counter;

  public static void main(String[] args) throws InterruptedException {
    Thread a = new Thread(() -> counter++);
    Thread b = new Thread(() -> counter++);
    a.start();
    b.start();
    a.join();
    b.join();
    if (counter != 2) {
      throw new AssertionError("lost update: counter = " + counter);
    }
  }
}
