package dev.weft.runtime.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Reads exactly the bytes the run's counts say a read returns. They were written before, so they
 * arrive; the kernel may deliver them in smaller pieces, and a read that returned whatever had
 * arrived so far would make the program's view depend on timing.
 */
final class Transfers {
  private Transfers() {}

  /** Reads {@code want} bytes; fewer only if the stream ends first (-1 if it ends at once). */
  static int readFully(InputStream in, byte[] b, int off, int want) throws IOException {
    int got = 0;
    while (got < want) {
      int n = in.read(b, off + got, want - got);
      if (n < 0) {
        return got == 0 ? -1 : got;
      }
      got += n;
    }
    return got;
  }

  /** Reads {@code want} bytes into {@code dst} from a channel in either blocking mode. */
  static <C extends SelectableChannel & ReadableByteChannel> int readFully(
      C ch, ByteBuffer dst, int want) throws IOException {
    int limit = dst.limit();
    dst.limit(dst.position() + want);
    try {
      int got = 0;
      Spin spin = new Spin();
      while (got < want) {
        int n = ch.read(dst);
        if (n < 0) {
          return got == 0 ? -1 : got;
        }
        if (n == 0) {
          spin.pause("bytes the run wrote to " + ch);
        }
        got += n;
      }
      return got;
    } finally {
      dst.limit(limit);
    }
  }

  /** Writes {@code want} bytes of {@code src} to a channel in either blocking mode. */
  static <C extends SelectableChannel & WritableByteChannel> int writeFully(
      C ch, ByteBuffer src, int want) throws IOException {
    int limit = src.limit();
    src.limit(src.position() + want);
    try {
      int put = 0;
      Spin spin = new Spin();
      while (put < want) {
        int n = ch.write(src);
        if (n == 0) {
          spin.pause("room for bytes to " + ch);
        }
        put += n;
      }
      return put;
    } finally {
      src.limit(limit);
    }
  }
}
