package dev.weft.runtime.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/**
 * Takes from the kernel the connection an accept of the run must return: the listener's first in
 * the run's order. The kernel may hand over another one first; it is kept for its own accept.
 */
final class Accepts {
  /** One real accept: blocking, or non-blocking (then null while nothing has arrived yet). */
  interface RealAccept {
    Object accept() throws IOException;
  }

  private Accepts() {}

  static Object take(Listener l, Endpoint end, RealAccept real) throws IOException {
    Object early = l.stash.remove(end.remotePort);
    if (early != null) {
      return early;
    }
    Spin spin = new Spin();
    while (true) {
      Object a = real.accept();
      if (a == null) {
        spin.pause("a connection the run made to port " + l.port);
        continue;
      }
      int port = remotePort(a);
      if (port == end.remotePort) {
        return a;
      }
      l.stash.put(port, a);
    }
  }

  static int remotePort(Object accepted) throws IOException {
    if (accepted instanceof Socket s) {
      return s.getPort();
    }
    return ((InetSocketAddress) ((SocketChannel) accepted).getRemoteAddress()).getPort();
  }
}
