package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import java.io.IOException;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/**
 * One end of a loopback connection whose two ends both belong to the same run. The bytes go through
 * the operating system; this end only counts them, so that whether a read or a write can go on is
 * decided by what the run's threads did in the order the schedule gave them, never by when the
 * kernel delivered a segment. That is what makes a run with sockets replay exactly.
 */
final class Endpoint {
  /** Bytes a writer may have in flight to this end before it must wait for the reader. */
  static final int CAPACITY = 64 * 1024;

  final Scheduler scheduler;
  final int localPort;
  final int remotePort;

  /** When the run made it, among its listeners and ends. */
  final int order;

  Endpoint peer;

  /** The {@code Socket} or {@code SocketChannel}; null while the server's end waits for accept. */
  Object socket;

  /** For the server's end: the listener it waits in until accepted; null for a client's end. */
  Listener listener;

  /** Bytes the peer wrote to this end that this end has not read yet. */
  long inbox;

  private SocketInput input;
  private SocketOutput output;

  Endpoint(Scheduler scheduler, int localPort, int remotePort, int order) {
    this.scheduler = scheduler;
    this.localPort = localPort;
    this.remotePort = remotePort;
    this.order = order;
  }

  /** The calling thread when it is one of this end's run, else null (the JDK's own behaviour). */
  ControlledThread controlled() {
    return OutsidePeer.controlled(scheduler);
  }

  /** Whether this end's socket is closed. */
  boolean closed() {
    if (socket instanceof Socket s) {
      return s.isClosed();
    }
    return socket instanceof SocketChannel c && !c.isOpen();
  }

  /** Whether nothing more can come in: the peer closed, shut its output, or was never accepted. */
  boolean peerDone() {
    if (peerRefused()) {
      return true;
    }
    Object other = peer.socket;
    if (other instanceof Socket s) {
      return s.isClosed() || s.isOutputShutdown();
    }
    if (other instanceof SocketChannel c) {
      return !c.isOpen() || c.socket().isOutputShutdown();
    }
    return false; // not accepted yet: its bytes may still come
  }

  /** Whether this end shut its own input or output. */
  boolean inputShut() {
    return socket instanceof Socket s
        ? s.isInputShutdown()
        : socket instanceof SocketChannel c && c.socket().isInputShutdown();
  }

  boolean outputShut() {
    return socket instanceof Socket s
        ? s.isOutputShutdown()
        : socket instanceof SocketChannel c && c.socket().isOutputShutdown();
  }

  /** Whether a read at this end returns at once: bytes are in, or the end is reached or closed. */
  boolean readable() {
    return inbox > 0 || closed() || inputShut() || peerDone() || uncountedBytes();
  }

  /**
   * Whether the kernel holds bytes for this socket that the run did not count: written through a
   * call Weft does not see (JDK code given the socket). A read then takes what is there, so that
   * such a program still goes on rather than seem to wait for ever.
   */
  private boolean uncountedBytes() {
    if (!(socket instanceof Socket s) || s.isClosed()) {
      return false;
    }
    try {
      return s.getInputStream().available() > 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether a write at this end goes on at once: the peer has room, or it will fail. */
  boolean writable() {
    return peer.inbox < CAPACITY || closed() || outputShut() || peerGone();
  }

  /** Whether the peer will never read again (it closed, or was never accepted). */
  boolean peerGone() {
    if (peerRefused()) {
      return true;
    }
    Object other = peer.socket;
    return other instanceof Socket s
        ? s.isClosed()
        : other instanceof SocketChannel c && !c.isOpen();
  }

  /** Whether the peer's listener was closed before it accepted this connection. */
  private boolean peerRefused() {
    return peer.socket == null && peer.listener != null && peer.listener.closed();
  }

  /** Room left in the peer's inbox before a writer must wait. */
  int room() {
    return (int) Math.max(0, CAPACITY - peer.inbox);
  }

  SocketInput input(Socket s) throws IOException {
    if (input == null) {
      input = new SocketInput(this, s.getInputStream());
    }
    return input;
  }

  SocketOutput output(Socket s) throws IOException {
    if (output == null) {
      output = new SocketOutput(this, s.getOutputStream());
    }
    return output;
  }

  @Override
  public String toString() {
    return "the connection from port " + remotePort + " to port " + localPort;
  }
}
