package dev.weft.examples.deadlock;

/**
 * Correct twin of {@link LockOrderDeadlock}: both threads lock {@code a} before {@code b}.
 *
 * <p>Why it cannot deadlock: with a single global lock order no thread can hold {@code b} while
 * waiting for {@code a}, so there is no cycle in the waits-for relation; whichever thread gets
 * {@code a} first also gets {@code b} (the other thread never holds {@code b} without {@code a})
 * and releases both.
 */
public final class LockOrderDeadlockFixed {
  private final Object a = new Object();
  private final Object b = new Object();
  private int counter;

  private LockOrderDeadlockFixed() {}

  void first() {
    synchronized (a) {
      synchronized (b) {
        counter++;
      }
    }
  }

  void second() {
    synchronized (a) {
      synchronized (b) {
        counter++;
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    LockOrderDeadlockFixed d = new LockOrderDeadlockFixed();
    Thread t1 = new Thread(d::first, "T1");
    Thread t2 = new Thread(d::second, "T2");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
  }
}
