package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.channels.Pipe;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sockets of one run and how they are connected: its listeners by port, each connected socket's
 * {@link Endpoint}, and its pipes ({@link PipeState}). Only connections whose two ends the run made
 * are modelled; a socket whose peer is outside the run (another process, another machine) is the
 * kernel's, and a call on it waits there without the turn ({@link OutsidePeer}). Only the thread
 * holding the turn reads or changes it.
 */
final class LoopbackNetwork {
  private static final RunLocal<LoopbackNetwork> OF_RUN = new RunLocal<>(LoopbackNetwork::new);

  private final Map<Integer, Listener> listenersByPort = new HashMap<>();
  private final Map<Object, Listener> listeners = new IdentityHashMap<>();
  private final Map<Object, Endpoint> endpoints = new IdentityHashMap<>();
  private final Map<Object, SelectorState> selectors = new IdentityHashMap<>();

  /** The run's pipes, by their source and by their sink channel. */
  private final Map<Object, PipeState> pipes = new IdentityHashMap<>();

  /**
   * Objects that stand for a port no listener of the run has, so a connect to it has a location.
   */
  private final Map<Integer, Object> ports = new HashMap<>();

  /** The order in which the run made its listeners and ends, for choices that need one. */
  private int next;

  /** The order of a modelled channel's listener or end, or -1. */
  int order(Object channel) {
    Listener l = listeners.get(channel);
    if (l != null) {
      return l.order;
    }
    Endpoint e = endpoints.get(channel);
    if (e != null) {
      return e.order;
    }
    PipeState p = pipes.get(channel);
    return p == null ? -1 : p.order;
  }

  static LoopbackNetwork of(ControlledThread t) {
    return OF_RUN.of(t.scheduler());
  }

  /** Notes a bound server socket or channel; its connections are the run's from now on. */
  Listener listening(Object server, SocketAddress local) {
    if (!(local instanceof InetSocketAddress address) || address.getPort() == 0) {
      return null;
    }
    Listener known = listeners.get(server);
    if (known != null && known.port == address.getPort()) {
      return known; // noted at the JDK's bind, and again once its constructor returned
    }
    Listener l = new Listener(server, address.getPort(), next++);
    listeners.put(server, l);
    listenersByPort.put(l.port, l); // a closed listener's port may be bound again
    return l;
  }

  /** The listener of the run that a connect to {@code remote} reaches, or null. */
  Listener listenerAt(SocketAddress remote) {
    if (!(remote instanceof InetSocketAddress address)) {
      return null;
    }
    Listener l = listenersByPort.get(address.getPort());
    if (l == null || l.closed() || !reachesThisMachine(address)) {
      return null;
    }
    return l;
  }

  /** The object whose location a connect to {@code remote} is an update of. */
  Object connectTarget(SocketAddress remote) {
    Listener l = listenerAt(remote);
    if (l != null) {
      return l;
    }
    int port = remote instanceof InetSocketAddress a ? a.getPort() : -1;
    return ports.computeIfAbsent(port, p -> new Object());
  }

  /**
   * Notes that {@code client} connected from {@code local} to {@code remote}: when a listener of
   * the run is there, the connection waits in it for an accept and the two ends are paired. Returns
   * the client's end, or null for a connection leaving the run.
   */
  Endpoint connected(
      Scheduler scheduler, Object client, SocketAddress local, SocketAddress remote) {
    Listener l = listenerAt(remote);
    if (l == null || !(local instanceof InetSocketAddress from)) {
      return null;
    }
    Endpoint clientEnd = new Endpoint(scheduler, from.getPort(), l.port, next++);
    Endpoint serverEnd = new Endpoint(scheduler, l.port, from.getPort(), next++);
    clientEnd.peer = serverEnd;
    serverEnd.peer = clientEnd;
    clientEnd.socket = client;
    serverEnd.listener = l;
    l.pending.add(serverEnd);
    endpoints.put(client, clientEnd);
    return clientEnd;
  }

  /** Notes that {@code accepted} is the server's end {@code end}. */
  void accepted(Endpoint end, Object accepted) {
    end.socket = accepted;
    endpoints.put(accepted, end);
  }

  Endpoint endpoint(Object socket) {
    return endpoints.get(socket);
  }

  /** Notes a pipe whose channels the run uses; the same state each time it is asked. */
  PipeState pipe(Pipe pipe) {
    PipeState known = pipes.get(pipe.source());
    if (known != null && known.pipe == pipe) {
      return known;
    }
    PipeState p = new PipeState(pipe, next++);
    pipes.put(pipe.source(), p);
    pipes.put(pipe.sink(), p);
    return p;
  }

  /** The pipe of the run whose source or sink {@code channel} is, or null. */
  PipeState pipeOf(Object channel) {
    return pipes.get(channel);
  }

  Listener listener(Object server) {
    return listeners.get(server);
  }

  SelectorState selector(Object selector) {
    return selectors.computeIfAbsent(selector, s -> new SelectorState());
  }

  /** The selectors the run has selected with under control. */
  Iterable<Object> selectors() {
    return List.copyOf(selectors.keySet());
  }

  /**
   * Whether a connect to {@code remote} goes to another machine: it waits for that machine's
   * answer, where one on this machine is answered (or refused) by the kernel at once.
   */
  boolean leavesThisMachine(SocketAddress remote) {
    return remote instanceof InetSocketAddress address
        && address.getAddress() != null
        && !reachesThisMachine(address);
  }

  private static boolean reachesThisMachine(InetSocketAddress address) {
    InetAddress a = address.getAddress();
    if (a == null) {
      return false; // unresolved: the connect fails
    }
    if (a.isLoopbackAddress() || a.isAnyLocalAddress()) {
      return true;
    }
    try {
      return NetworkInterface.getByInetAddress(a) != null;
    } catch (SocketException e) {
      return false;
    }
  }

  /** What a selector of the run has been told outside its selections: a {@code wakeup}. */
  static final class SelectorState {
    boolean wokenUp;
  }
}
