package dev.weft.examples.deadlock;

/**
 * Classic lock-order inversion.
 *
 * <p>{@code T1} locks {@code a} then {@code b}; {@code T2} locks {@code b} then {@code a}; both
 * increment {@code counter} while holding both. Failing interleaving: {@code T1} acquires {@code
 * a}, {@code T2} acquires {@code b}; now {@code T1} blocks on {@code b} and {@code T2} on {@code
 * a}, while {@code main} blocks joining {@code T1}: a deadlock.
 */
public final class LockOrderDeadlock {
  private final Object a = new Object();
  private final Object b = new Object();
  private int counter;

  private LockOrderDeadlock() {}

  void first() {
    synchronized (a) {
      synchronized (b) {
        counter++;
      }
    }
  }

  void second() {
    synchronized (b) {
      synchronized (a) {
        counter++;
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    LockOrderDeadlock d = new LockOrderDeadlock();
    Thread t1 = new Thread(d::first, "T1");
    Thread t2 = new Thread(d::second, "T2");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
  }
}
