package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The input stream a run's socket hands out when its peer is in the run too: every read, also one a
 * JDK reader wrapped around it makes, is a scheduling point that waits until the peer has written
 * or reached its end, and then returns exactly the bytes the run's counts say are there.
 */
final class SocketInput extends InputStream {
  private final Endpoint end;
  private final InputStream real;

  SocketInput(Endpoint end, InputStream real) {
    this.end = end;
    this.real = real;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n <= 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ControlledThread t = end.controlled();
    if (t == null) {
      return real.read(b, off, len);
    }
    if (len == 0) {
      return 0;
    }
    return Sockets.read(t, end, real, b, off, len);
  }

  @Override
  public int available() throws IOException {
    ControlledThread t = end.controlled();
    if (t == null) {
      return real.available();
    }
    return Sockets.available(t, end, real);
  }

  @Override
  public void close() throws IOException {
    real.close();
  }
}
