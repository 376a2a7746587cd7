package dev.weft.runtime.net;

import static dev.weft.runtime.net.Sockets.location;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.outside.OutsideCall;
import dev.weft.trace.EventKind;
import java.io.IOException;
import java.net.SocketAddress;

/**
 * Calls on a socket whose peer is not a thread of the run (another process, another machine, a port
 * no listener of the run has): the kernel decides when they return, so the caller gives up the turn
 * while it is in one ({@link OutsideCall}) and the run's other threads go on.
 */
final class OutsidePeer {
  private OutsidePeer() {}

  /** A call that may block in the kernel. */
  interface Call<T> {
    T call() throws IOException;
  }

  /** Runs {@code call} as a call outside the run of {@code t} on {@code on}. */
  static <T> T call(ControlledThread t, Object on, int site, String what, Call<T> call)
      throws IOException {
    Scheduler s = t.scheduler();
    OutsideCall outside = s.leave(t, EventKind.UPDATE, location(s, on, site), site, on, what);
    try {
      return call.call();
    } finally {
      outside.back();
    }
  }

  /** How a report names the peer: "the peer at /10.0.0.5:80". */
  static String named(SocketAddress remote) {
    return "the peer at " + (remote == null ? "an unknown address" : remote.toString());
  }

  /** The calling thread when it is one of {@code scheduler}'s run, else null. */
  static ControlledThread controlled(Scheduler scheduler) {
    ControlledThread t = ControlledThread.current();
    return t != null && t.scheduler() == scheduler ? t : null;
  }
}
