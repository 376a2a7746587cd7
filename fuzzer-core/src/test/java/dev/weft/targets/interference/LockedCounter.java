package dev.weft.targets.interference;

/**
 * Correct: two threads increment a counter under one lock and the main thread checks the total
 * after joining both. Its space of one interference is small enough to count by hand: with every
 * read local both increments would read 0, which the lock forbids (infeasible); with one non-local
 * read, either increment reads the other's write (two feasible choices).
 */
public final class LockedCounter {
  private final Object lock = new Object();
  private int count;

  private LockedCounter() {}

  private void increment() {
    synchronized (lock) {
      count++;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    LockedCounter counter = new LockedCounter();
    Thread first = new Thread(counter::increment, "first");
    Thread second = new Thread(counter::increment, "second");
    first.start();
    second.start();
    first.join();
    second.join();
    if (counter.count != 2) {
      throw new AssertionError("count " + counter.count);
    }
  }
}
