package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The output stream a run's socket hands out when its peer is in the run too: every write is a
 * scheduling point, counted into the peer's inbox, and waits while the peer has {@link
 * Endpoint#CAPACITY} bytes unread, as a full socket buffer makes a writer wait.
 */
final class SocketOutput extends OutputStream {
  private final Endpoint end;
  private final OutputStream real;

  SocketOutput(Endpoint end, OutputStream real) {
    this.end = end;
    this.real = real;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ControlledThread t = end.controlled();
    if (t == null) {
      real.write(b, off, len);
      return;
    }
    Sockets.write(t, end, real, b, off, len);
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
