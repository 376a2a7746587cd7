package dev.weft.targets.jvm;

import java.util.concurrent.locks.Lock;

/**
 * Calls on null receivers that Weft rewrites into hooks: the program collects the exceptions'
 * messages, which must read as the JVM's own.
 */
public final class NullReceivers {
  public static final String PROPERTY = "weft.test.null.receivers";

  private NullReceivers() {}

  static Object nothing() {
    return null;
  }

  public static void collectMessages() throws InterruptedException {
    StringBuilder out = new StringBuilder();
    Object o = nothing();
    Thread thread = (Thread) nothing();
    Lock lock = (Lock) nothing();
    try {
      out.append(o.toString());
    } catch (NullPointerException e) {
      out.append(e.getMessage()).append('\n');
    }
    try {
      out.append(o.hashCode());
    } catch (NullPointerException e) {
      out.append(e.getMessage()).append('\n');
    }
    try {
      o.notify();
    } catch (NullPointerException e) {
      out.append(e.getMessage()).append('\n');
    }
    try {
      thread.start();
    } catch (NullPointerException e) {
      out.append(e.getMessage()).append('\n');
    }
    try {
      lock.lock();
    } catch (NullPointerException e) {
      out.append(e.getMessage()).append('\n');
    }
    System.setProperty(PROPERTY, out.toString());
  }
}
