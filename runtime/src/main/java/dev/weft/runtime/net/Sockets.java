package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.resources.RunResources;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * {@code java.net.Socket} and {@code ServerSocket} between threads of one run. A blocking call no
 * longer holds the turn in the kernel: an accept waits until a connect to its port was made, a read
 * until the peer wrote or closed, a write while the peer has a full buffer unread; each is a
 * scheduling point, and a wait no thread can end is part of a deadlock. The bytes go through the
 * operating system's socket; only when a call may go on, and how many bytes a read returns, are the
 * run's, so a run is determined by its decisions. A call on a socket whose peer is not in the run
 * waits in the kernel without the turn ({@link OutsidePeer}). Timeouts ({@code setSoTimeout}) run
 * on the virtual clock.
 */
public final class Sockets {
  private Sockets() {}

  /** After a constructor or factory of target code opened {@code resource}: notes a socket. */
  public static void opened(Object resource) {
    ControlledThread t = ControlledThread.current();
    if (t == null || resource instanceof SSLSocket || resource instanceof SSLServerSocket) {
      return;
    }
    try {
      LoopbackNetwork net = LoopbackNetwork.of(t);
      if (resource instanceof ServerSocket ss && ss.isBound()) {
        net.listening(ss, ss.getLocalSocketAddress());
      } else if (resource instanceof Socket so && so.isConnected()) {
        net.connected(t.scheduler(), so, so.getLocalSocketAddress(), so.getRemoteSocketAddress());
      } else if (resource instanceof SocketChannel ch && ch.isConnected()) {
        net.connected(t.scheduler(), ch, ch.getLocalAddress(), ch.getRemoteAddress());
      } else if (resource instanceof ServerSocketChannel ch && ch.getLocalAddress() != null) {
        net.listening(ch, ch.getLocalAddress());
      }
    } catch (IOException e) {
      // closed at once: nothing to model
    }
  }

  /**
   * A server socket of the run is about to bind {@code asked} (JDK code's bind, for a program's
   * constructor or a JDK server): the address it binds instead ({@link ListenPorts}), noted as the
   * run's listener.
   */
  public static SocketAddress listening(ControlledThread t, Object server, SocketAddress asked) {
    SocketAddress chosen = ListenPorts.listenAddress(t, asked);
    LoopbackNetwork.of(t).listening(server, chosen);
    return chosen;
  }

  public static void connect(Socket so, SocketAddress to, int timeoutMillis, int site)
      throws IOException {
    ControlledThread t =
        timeoutMillis < 0
            ? JdkCode.controlledCaller(so, "connect", SocketAddress.class)
            : JdkCode.controlledCaller(so, "connect", SocketAddress.class, int.class);
    if (t == null || so instanceof SSLSocket) {
      realConnect(so, to, timeoutMillis);
      return;
    }
    LoopbackNetwork net = LoopbackNetwork.of(t);
    Scheduler s = t.scheduler();
    if (net.leavesThisMachine(to)) {
      OutsidePeer.call(
          t,
          net.connectTarget(to),
          site,
          OutsidePeer.named(to),
          () -> {
            realConnect(so, to, timeoutMillis);
            return null;
          });
      return;
    }
    s.point(t, EventKind.UPDATE, location(s, net.connectTarget(to), site), site, so, 0);
    realConnect(so, to, timeoutMillis);
    net.connected(s, so, so.getLocalSocketAddress(), so.getRemoteSocketAddress());
  }

  private static void realConnect(Socket so, SocketAddress to, int timeoutMillis)
      throws IOException {
    if (timeoutMillis < 0) {
      so.connect(to);
    } else {
      so.connect(to, timeoutMillis);
    }
  }

  public static void bind(ServerSocket ss, SocketAddress at, int backlog, int site)
      throws IOException {
    ControlledThread t =
        backlog < 0
            ? JdkCode.controlledCaller(ss, "bind", SocketAddress.class)
            : JdkCode.controlledCaller(ss, "bind", SocketAddress.class, int.class);
    if (t == null || ss instanceof SSLServerSocket) {
      realBind(ss, at, backlog);
      return;
    }
    LoopbackNetwork net = LoopbackNetwork.of(t);
    Scheduler s = t.scheduler();
    s.point(t, EventKind.UPDATE, location(s, net.connectTarget(at), site), site, ss, 0);
    realBind(ss, ListenPorts.listenAddress(t, at), backlog);
    net.listening(ss, ss.getLocalSocketAddress());
  }

  private static void realBind(ServerSocket ss, SocketAddress at, int backlog) throws IOException {
    if (backlog < 0) {
      ss.bind(at);
    } else {
      ss.bind(at, backlog);
    }
  }

  public static Socket accept(ServerSocket ss, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ss, "accept");
    Listener l = t == null ? null : LoopbackNetwork.of(t).listener(ss);
    if (l == null) {
      return t == null || !ss.isBound()
          ? ss.accept()
          : OutsidePeer.call(
              t, ss, site, "a connection to " + ss.getLocalSocketAddress(), ss::accept);
    }
    Scheduler s = t.scheduler();
    s.point(
        t,
        EventKind.UPDATE,
        location(s, l, site),
        site,
        ss,
        timeoutNanos(ss.getSoTimeout()),
        new SocketWait(l::acceptable, "waits in accept() on", ss, "for a connection"));
    if (!l.acceptable()) {
      throw new SocketTimeoutException("Accept timed out");
    }
    if (l.pending.isEmpty()) {
      return ss.accept(); // closed: the JDK says so
    }
    Endpoint end = l.pending.poll();
    Socket accepted = (Socket) Accepts.take(l, end, ss::accept);
    LoopbackNetwork.of(t).accepted(end, accepted);
    RunResources.taken(accepted);
    return accepted;
  }

  public static InputStream inputStream(Socket so, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(so, "getInputStream");
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(so);
    if (end == null) {
      return t == null || !so.isConnected()
          ? so.getInputStream()
          : new OutsideInput(t.scheduler(), so, so.getInputStream());
    }
    return end.input(so);
  }

  public static OutputStream outputStream(Socket so, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(so, "getOutputStream");
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(so);
    if (end == null) {
      return t == null || !so.isConnected()
          ? so.getOutputStream()
          : new OutsideOutput(t.scheduler(), so, so.getOutputStream());
    }
    return end.output(so);
  }

  public static void close(Socket so, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(so, "close");
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(so);
    if (end != null && !so.isClosed()) {
      Scheduler s = t.scheduler();
      s.point(t, EventKind.UPDATE, location(s, end.peer, site), site, so, 0);
    }
    so.close();
  }

  public static void shutdownOutput(Socket so, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(so, "shutdownOutput");
    Endpoint end = t == null ? null : LoopbackNetwork.of(t).endpoint(so);
    if (end != null) {
      Scheduler s = t.scheduler();
      s.point(t, EventKind.UPDATE, location(s, end.peer, site), site, so, 0);
    }
    so.shutdownOutput();
  }

  public static void closeServer(ServerSocket ss, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ss, "close");
    Listener l = t == null ? null : LoopbackNetwork.of(t).listener(ss);
    if (l != null && !ss.isClosed()) {
      Scheduler s = t.scheduler();
      s.point(t, EventKind.UPDATE, location(s, l, site), site, ss, 0);
    }
    ss.close();
  }

  // ------------------------------------------------------------------ streams of a run's socket

  static int read(ControlledThread t, Endpoint end, InputStream real, byte[] b, int off, int len)
      throws IOException {
    Scheduler s = t.scheduler();
    int site = NetSites.of(t, "Socket read");
    Socket so = (Socket) end.socket;
    s.point(
        t,
        EventKind.UPDATE,
        location(s, end, site),
        site,
        so,
        timeoutNanos(so.getSoTimeout()),
        new SocketWait(end::readable, "waits to read from", so, "until its peer writes or closes"));
    if (!end.readable()) {
      throw new SocketTimeoutException("Read timed out");
    }
    if (end.closed() || end.inputShut()) {
      return real.read(b, off, len); // the JDK's answer
    }
    if (end.inbox == 0) {
      // the peer is done: the end of the stream, whether or not the kernel has the peer's close
      // yet (a channel closed while registered with a selector keeps its descriptor until that
      // selector next selects); bytes no counted write sent are still read
      return real.available() > 0 ? real.read(b, off, len) : -1;
    }
    int got = Transfers.readFully(real, b, off, (int) Math.min(len, end.inbox));
    if (got > 0) {
      end.inbox -= got;
    }
    return got;
  }

  static int available(ControlledThread t, Endpoint end, InputStream real) throws IOException {
    Scheduler s = t.scheduler();
    int site = NetSites.of(t, "Socket available");
    s.point(t, EventKind.READ, location(s, end, site), site, end.socket, 0);
    if (end.closed() || end.inputShut()) {
      return real.available();
    }
    return (int) Math.min(Integer.MAX_VALUE, end.inbox);
  }

  static void write(ControlledThread t, Endpoint end, OutputStream real, byte[] b, int off, int len)
      throws IOException {
    Scheduler s = t.scheduler();
    int site = NetSites.of(t, "Socket write");
    do {
      s.point(
          t,
          EventKind.UPDATE,
          location(s, end.peer, site),
          site,
          end.socket,
          0,
          new SocketWait(
              end::writable,
              "waits to write to",
              end.socket,
              "until its peer reads (buffer full)"));
      if (end.closed() || end.outputShut() || end.peerGone()) {
        real.write(b, off, len); // the JDK's exception, or bytes nobody reads
        return;
      }
      int chunk = Math.min(len, end.room());
      real.write(b, off, chunk);
      end.peer.inbox += chunk;
      off += chunk;
      len -= chunk;
    } while (len > 0);
  }

  // ----------------------------------------------------------------------------------- helpers

  static long location(Scheduler s, Object of, int site) {
    return s.objectLocation(of, Locations.CONTENTS_MEMBER, site);
  }

  /** A socket timeout in milliseconds as a point's timeout: 0 (none) stays 0. */
  static long timeoutNanos(int millis) {
    return millis <= 0 ? 0 : TimeUnit.MILLISECONDS.toNanos(millis);
  }
}
