package dev.weft.targets.statics;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One thread waits on a condition while another first uses classes that have no static initialiser
 * of their own, then signals it. Using such a class changes nothing another thread can see, whoever
 * defines it (a class loader per run or classes reused across runs), so a run on either takes the
 * same path with the same decisions. A correct program: it always ends.
 */
public final class PlainClassesWhileWaiting {
  private PlainClassesWhileWaiting() {}

  /** Classes without a static initialiser: nothing runs when the JVM initialises them. */
  static final class First {}

  static final class Second {}

  static final class Third {}

  private static final class Handshake {
    final ReentrantLock lock = new ReentrantLock();
    final Condition signalled = lock.newCondition();
    boolean ready;
  }

  public static void waiterAndMaker() throws InterruptedException {
    Handshake h = new Handshake();
    Thread waiter =
        new Thread(
            () -> {
              h.lock.lock();
              try {
                while (!h.ready) {
                  h.signalled.awaitUninterruptibly();
                }
              } finally {
                h.lock.unlock();
              }
            },
            "waiter");
    Thread maker =
        new Thread(
            () -> {
              new First();
              new Second();
              new Third();
              h.lock.lock();
              try {
                h.ready = true;
                h.signalled.signalAll();
              } finally {
                h.lock.unlock();
              }
            },
            "maker");
    waiter.start();
    maker.start();
    waiter.join();
    maker.join();
  }
}
