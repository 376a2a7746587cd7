package dev.weft.runtime.net;

import static dev.weft.runtime.net.Sockets.location;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.Wait;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.resources.RunResources;
import dev.weft.trace.EventKind;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * {@code SocketChannel} and {@code ServerSocketChannel} between threads of one run, in blocking and
 * non-blocking mode: as {@link Sockets}, a blocking call waits under the scheduler's control, and a
 * non-blocking one returns what the run's counts say is there (0 bytes, no connection), never what
 * the kernel happened to have delivered. A blocking call on a channel whose peer is outside the run
 * waits in the kernel without the turn ({@link OutsidePeer}).
 */
public final class SocketChannels {
  private SocketChannels() {}

  public static int read(SocketChannel ch, ByteBuffer dst, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "read", ByteBuffer.class);
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(ch);
    if (end == null && outside(t, ch) && dst.hasRemaining()) {
      return OutsidePeer.call(t, ch, site, peer(ch), () -> ch.read(dst));
    }
    if (end == null || !dst.hasRemaining()) {
      return ch.read(dst);
    }
    Scheduler s = t.scheduler();
    boolean blocking = ch.isBlocking();
    Wait wait =
        blocking
            ? new SocketWait(
                end::readable, "waits to read from", ch, "until its peer writes or closes")
            : Wait.NONE;
    s.point(t, EventKind.UPDATE, location(s, end, site), site, ch, 0, wait);
    if (!end.readable()) {
      return 0;
    }
    if (end.closed() || end.inputShut()) {
      return ch.read(dst); // the JDK's answer
    }
    if (end.inbox == 0) {
      return -1; // the peer is done, whether or not the kernel has its close yet
    }
    int got = Transfers.readFully(ch, dst, (int) Math.min(dst.remaining(), end.inbox));
    if (got > 0) {
      end.inbox -= got;
    }
    return got;
  }

  public static int write(SocketChannel ch, ByteBuffer src, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "write", ByteBuffer.class);
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(ch);
    if (end == null && outside(t, ch) && src.hasRemaining()) {
      return OutsidePeer.call(t, ch, site, peer(ch), () -> ch.write(src));
    }
    if (end == null || !src.hasRemaining()) {
      return ch.write(src);
    }
    Scheduler s = t.scheduler();
    boolean blocking = ch.isBlocking();
    int written = 0;
    do {
      Wait wait =
          blocking
              ? new SocketWait(
                  end::writable, "waits to write to", ch, "until its peer reads (buffer full)")
              : Wait.NONE;
      s.point(t, EventKind.UPDATE, location(s, end.peer, site), site, ch, 0, wait);
      if (end.closed() || end.outputShut() || end.peerGone()) {
        return written + ch.write(src); // the JDK's exception, or bytes nobody reads
      }
      int chunk = Math.min(src.remaining(), end.room());
      if (chunk == 0) {
        return written; // non-blocking, and the peer's buffer is full
      }
      Transfers.writeFully(ch, src, chunk);
      end.peer.inbox += chunk;
      written += chunk;
    } while (blocking && src.hasRemaining());
    return written;
  }

  /**
   * A gather write ({@code write(ByteBuffer[])}): on a modelled end, each buffer with bytes left is
   * one write as above, in order, until one is left unfinished (a non-blocking end is full).
   */
  public static long write(SocketChannel ch, ByteBuffer[] srcs, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "write", ByteBuffer[].class);
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(ch);
    boolean any = false;
    for (ByteBuffer b : srcs) {
      any |= b.hasRemaining();
    }
    if (end == null && outside(t, ch) && any) {
      return OutsidePeer.call(t, ch, site, peer(ch), () -> ch.write(srcs));
    }
    if (end == null || !any) {
      return ch.write(srcs);
    }
    long written = 0;
    for (ByteBuffer b : srcs) {
      if (!b.hasRemaining()) {
        continue;
      }
      written += write(ch, b, site);
      if (b.hasRemaining()) {
        break;
      }
    }
    return written;
  }

  public static boolean connect(SocketChannel ch, SocketAddress to, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "connect", SocketAddress.class);
    if (t == null) {
      return ch.connect(to);
    }
    LoopbackNetwork net = LoopbackNetwork.of(t);
    Scheduler s = t.scheduler();
    if (ch.isBlocking() && net.leavesThisMachine(to)) {
      return OutsidePeer.call(
          t, net.connectTarget(to), site, OutsidePeer.named(to), () -> ch.connect(to));
    }
    s.point(t, EventKind.UPDATE, location(s, net.connectTarget(to), site), site, ch, 0);
    if (!ch.isBlocking() && ch.getLocalAddress() == null && net.listenerAt(to) != null) {
      // a pending connect's channel learns its local port only once finished; the end needs it now
      ch.bind(null);
    }
    boolean done = ch.connect(to);
    SocketAddress remote = ch.getRemoteAddress();
    net.connected(s, ch, ch.getLocalAddress(), remote == null ? to : remote);
    return done;
  }

  /** Whether {@code ch}, not one of the run's ends, is a blocking channel to a peer outside. */
  private static boolean outside(ControlledThread t, SocketChannel ch) {
    return t != null && ch.isBlocking() && ch.isConnected();
  }

  private static String peer(SocketChannel ch) {
    try {
      return OutsidePeer.named(ch.getRemoteAddress());
    } catch (IOException e) {
      return OutsidePeer.named(null);
    }
  }

  public static boolean finishConnect(SocketChannel ch, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "finishConnect");
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(ch);
    if (end == null || ch.isBlocking() || !ch.isConnectionPending()) {
      return ch.finishConnect();
    }
    Scheduler s = t.scheduler();
    s.point(t, EventKind.READ, location(s, end, site), site, ch, 0);
    Spin spin = new Spin();
    while (!ch.finishConnect()) { // the run's listener takes it: the handshake is under way
      spin.pause("the handshake of a connection to port " + end.remotePort);
    }
    return true;
  }

  public static SocketChannel accept(ServerSocketChannel ch, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "accept");
    Listener l = t == null ? null : LoopbackNetwork.of(t).listener(ch);
    if (l == null) {
      return ch.accept();
    }
    Scheduler s = t.scheduler();
    Wait wait =
        ch.isBlocking()
            ? new SocketWait(l::acceptable, "waits in accept() on", ch, "for a connection")
            : Wait.NONE;
    s.point(t, EventKind.UPDATE, location(s, l, site), site, ch, 0, wait);
    if (!l.acceptable()) {
      return null;
    }
    if (l.pending.isEmpty()) {
      return ch.accept(); // closed: the JDK says so
    }
    Endpoint end = l.pending.poll();
    SocketChannel accepted = (SocketChannel) Accepts.take(l, end, ch::accept);
    LoopbackNetwork.of(t).accepted(end, accepted);
    RunResources.taken(accepted);
    return accepted;
  }

  public static ServerSocketChannel bind(
      ServerSocketChannel ch, SocketAddress at, int backlog, int site) throws IOException {
    ControlledThread t =
        backlog < 0
            ? JdkCode.controlledCaller(ch, "bind", SocketAddress.class)
            : JdkCode.controlledCaller(ch, "bind", SocketAddress.class, int.class);
    if (t == null) {
      return backlog < 0 ? ch.bind(at) : ch.bind(at, backlog);
    }
    LoopbackNetwork net = LoopbackNetwork.of(t);
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, location(s, net.connectTarget(at), site), site, ch, 0);
    SocketAddress chosen = ListenPorts.listenAddress(t, at);
    if (backlog < 0) {
      ch.bind(chosen);
    } else {
      ch.bind(chosen, backlog);
    }
    net.listening(ch, ch.getLocalAddress());
    return ch;
  }
}
