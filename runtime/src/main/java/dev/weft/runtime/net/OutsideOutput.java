package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Objects;

/**
 * The output stream of a run's socket whose peer is outside the run: a write that finds the
 * kernel's buffer full waits there without the turn ({@link OutsidePeer}).
 */
final class OutsideOutput extends OutputStream {
  private final Scheduler scheduler;
  private final Socket socket;

  /** How a report names the peer; a connected socket's peer does not change. */
  private final String peer;

  private final OutputStream real;

  OutsideOutput(Scheduler scheduler, Socket socket, OutputStream real) {
    this.scheduler = scheduler;
    this.socket = socket;
    this.real = real;
    this.peer = OutsidePeer.named(socket.getRemoteSocketAddress());
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ControlledThread t = OutsidePeer.controlled(scheduler);
    if (t == null || len == 0) {
      real.write(b, off, len);
      return;
    }
    OutsidePeer.call(
        t,
        socket,
        NetSites.of(t, "Socket write"),
        peer,
        () -> {
          real.write(b, off, len);
          return null;
        });
  }

  @Override
  public void flush() throws IOException {
    real.flush();
  }

  @Override
  public void close() throws IOException {
    real.close();
  }
}
