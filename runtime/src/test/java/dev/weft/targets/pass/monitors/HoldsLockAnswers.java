package dev.weft.targets.pass.monitors;

/**
 * Code that checks its own locking with {@code Thread.holdsLock}, as libraries assert that a caller
 * holds their monitor: the answer must be the program's, inside synchronized blocks and methods,
 * after nested exits, and for a monitor another thread holds.
 */
public class HoldsLockAnswers {
  static final Object LOCK = new Object();
  static int counter;

  synchronized void checkOwn() {
    check(Thread.holdsLock(this), "a synchronized method holds its receiver");
    check(!Thread.holdsLock(LOCK), "LOCK is not held here");
  }

  static void add() {
    synchronized (LOCK) {
      synchronized (LOCK) {
        check(Thread.holdsLock(LOCK), "nested: held");
      }
      check(Thread.holdsLock(LOCK), "after the inner exit: still held");
      counter++;
    }
    check(!Thread.holdsLock(LOCK), "after the outer exit: free");
  }

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("Thread.holdsLock answered wrong: " + what);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    HoldsLockAnswers shared = new HoldsLockAnswers();
    Thread a =
        new Thread(
            () -> {
              add();
              shared.checkOwn();
            });
    Thread b = new Thread(HoldsLockAnswers::add);
    a.start();
    b.start();
    a.join();
    b.join();
    check(counter == 2, "counter " + counter);
    try {
      Thread.holdsLock(null);
      check(false, "holdsLock(null) must throw");
    } catch (NullPointerException expected) {
      // as on the JVM
    }
  }
}
