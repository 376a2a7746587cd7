package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;

/**
 * The ports of a run's ephemeral listeners ({@code new ServerSocket(0)}, {@code bind} to port 0).
 * The kernel would pick a different one each run, and programs put the port in URLs, names and hash
 * keys, so a run would not repeat when replayed. Weft picks instead: the run's first such listener
 * gets the first port of the process's block ({@link PortBlock}: {@link #FIRST} for a process
 * alone), the next one the port after, skipping ports in use (by another process, or a listener of
 * the run that asked for its port). A run's listeners are closed when it ends, and Java's server
 * sockets reuse addresses, so every run, and its replay in another process, gets the same ports
 * while they are free.
 */
public final class ListenPorts {
  /** Below Linux's ephemeral range (32768-60999), which the kernel hands out itself. */
  static final int FIRST = Integer.getInteger("weft.listenPorts", 24_100);

  private static final RunLocal<int[]> NEXT = new RunLocal<>(() -> new int[] {PortBlock.first()});

  private ListenPorts() {}

  /** The address a run's server socket binds when it asked for {@code asked}. */
  public static SocketAddress listenAddress(ControlledThread t, SocketAddress asked) {
    InetSocketAddress a;
    if (asked == null) {
      a = new InetSocketAddress(0);
    } else if (asked instanceof InetSocketAddress i && !i.isUnresolved() && i.getPort() == 0) {
      a = i;
    } else {
      return asked;
    }
    int[] next = NEXT.of(t.scheduler());
    int end = Math.min(PortBlock.first() + PortBlock.SIZE, PortBlock.END);
    while (next[0] < end) {
      int port = next[0]++;
      if (free(a.getAddress(), port)) {
        return new InetSocketAddress(a.getAddress(), port);
      }
    }
    return asked; // no free port of Weft's range: the kernel picks
  }

  private static boolean free(InetAddress address, int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(address, port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
