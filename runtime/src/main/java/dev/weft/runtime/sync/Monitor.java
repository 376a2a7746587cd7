package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import java.util.ArrayDeque;

/** One object's monitor as Weft sees it: owner, hold count, and the threads in its wait set. */
final class Monitor {
  ControlledThread owner;
  int depth;
  final ArrayDeque<MonitorReacquireWait> waitSet = new ArrayDeque<>();
  int enterSite;

  boolean canEnter(ControlledThread thread) {
    return owner == null || owner == thread;
  }
}
