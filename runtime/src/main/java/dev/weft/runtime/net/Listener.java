package dev.weft.runtime.net;

import java.net.ServerSocket;
import java.nio.channels.ServerSocketChannel;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * A listening socket of the run, with the connections made to it in the order the run made them.
 * The kernel's accept queue may hold them in another order (the last packet of a handshake is
 * processed when the kernel gets to it); {@link #stash} keeps what the kernel gave early, so that
 * each accept returns the connection the schedule says is first.
 */
final class Listener {
  final Object server;
  final int port;
  final int order;
  final ArrayDeque<Endpoint> pending = new ArrayDeque<>();

  /** Connections the kernel handed over before their turn, by the client's port. */
  final Map<Integer, Object> stash = new HashMap<>();

  Listener(Object server, int port, int order) {
    this.server = server;
    this.port = port;
    this.order = order;
  }

  boolean closed() {
    return server instanceof ServerSocket s
        ? s.isClosed()
        : server instanceof ServerSocketChannel c && !c.isOpen();
  }

  /** Whether an accept returns at once: a connection waits, or the listener is closed. */
  boolean acceptable() {
    return !pending.isEmpty() || closed();
  }

  @Override
  public String toString() {
    return "the server socket on port " + port;
  }
}
