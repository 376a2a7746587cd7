package dev.weft.runtime.jdk.inside;

/** A class shaped like the JDK's: synchronized methods and blocks, waits and notifications. */
public class MonitorSample {
  private int count;

  public synchronized int increment() {
    return ++count;
  }

  public static synchronized boolean holdsClassLock() {
    return Thread.holdsLock(MonitorSample.class);
  }

  public boolean holdsOwnLockInBlock() {
    synchronized (this) {
      return Thread.holdsLock(this);
    }
  }

  public synchronized void throwInside() {
    throw new IllegalStateException("inside");
  }

  public synchronized long waitBriefly() throws InterruptedException {
    wait(1);
    notify();
    notifyAll();
    return count;
  }
}
