package dev.weft.runtime.scheduler;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;

/**
 * Monitors as Weft sees them. Target code never holds a JVM monitor: {@code monitorenter}, {@code
 * synchronized} methods, {@code wait} and {@code notify} are all rewritten to use this model, so a
 * thread that would block is simply not enabled and never blocks inside the JVM while it holds the
 * turn.
 */
final class MonitorModel {
  /** State of one object's monitor. */
  static final class Monitor {
    ControlledThread owner;
    int depth;
    final ArrayDeque<ControlledThread> waitSet = new ArrayDeque<>();
    int enterSite;
  }

  private final IdentityHashMap<Object, Monitor> monitors = new IdentityHashMap<>();

  Monitor of(Object object) {
    return monitors.computeIfAbsent(object, o -> new Monitor());
  }

  Monitor peek(Object object) {
    return monitors.get(object);
  }

  boolean canEnter(Object object, ControlledThread thread) {
    Monitor m = monitors.get(object);
    return m == null || m.owner == null || m.owner == thread;
  }

  boolean holds(Object object, ControlledThread thread) {
    Monitor m = monitors.get(object);
    return m != null && m.owner == thread;
  }

  void enter(Object object, ControlledThread thread, int site) {
    Monitor m = of(object);
    m.owner = thread;
    if (m.depth++ == 0) {
      m.enterSite = site;
    }
  }

  /** Returns false when the thread did not own the monitor. */
  boolean exit(Object object, ControlledThread thread) {
    Monitor m = monitors.get(object);
    if (m == null || m.owner != thread) {
      return false;
    }
    if (--m.depth == 0) {
      m.owner = null;
    }
    return true;
  }

  /** Releases the monitor entirely, as {@code wait} does, and returns the released depth. */
  int releaseAll(Object object, ControlledThread thread) {
    Monitor m = of(object);
    int depth = m.depth;
    m.owner = null;
    m.depth = 0;
    m.waitSet.addLast(thread);
    return depth;
  }

  void reacquire(Object object, ControlledThread thread, int depth, int site) {
    Monitor m = of(object);
    m.waitSet.remove(thread);
    m.owner = thread;
    m.depth = depth;
    m.enterSite = site;
  }

  /** Marks the longest-waiting thread notified; notify order is FIFO, as on HotSpot. */
  void notifyOne(Object object) {
    Monitor m = monitors.get(object);
    if (m == null) {
      return;
    }
    ControlledThread t = m.waitSet.pollFirst();
    if (t != null) {
      t.notified = true;
    }
  }

  void notifyAll(Object object) {
    Monitor m = monitors.get(object);
    if (m == null) {
      return;
    }
    for (ControlledThread t : m.waitSet) {
      t.notified = true;
    }
    m.waitSet.clear();
  }
}
