package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.Objects;

/**
 * The input stream of a run's socket whose peer is outside the run: a read waits in the kernel
 * without the turn ({@link OutsidePeer}), so a peer that answers slowly, or only after another
 * thread of the run has done something, does not stop the run.
 */
final class OutsideInput extends InputStream {
  private final Scheduler scheduler;
  private final Socket socket;

  /** How a report names the peer; a connected socket's peer does not change. */
  private final String peer;

  private final InputStream real;

  OutsideInput(Scheduler scheduler, Socket socket, InputStream real) {
    this.scheduler = scheduler;
    this.socket = socket;
    this.real = real;
    this.peer = OutsidePeer.named(socket.getRemoteSocketAddress());
  }

  @Override
  public int read() throws IOException {
    ControlledThread t = OutsidePeer.controlled(scheduler);
    if (t == null) {
      return real.read();
    }
    return OutsidePeer.call(t, socket, NetSites.of(t, "Socket read"), peer, real::read);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ControlledThread t = OutsidePeer.controlled(scheduler);
    if (t == null || len == 0) {
      return real.read(b, off, len);
    }
    return OutsidePeer.call(
        t, socket, NetSites.of(t, "Socket read"), peer, () -> real.read(b, off, len));
  }

  @Override
  public int available() throws IOException {
    return real.available();
  }

  @Override
  public void close() throws IOException {
    real.close();
  }
}
