package dev.weft.runtime.net;

import static dev.weft.runtime.net.Sockets.location;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.Wait;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

/**
 * {@code Pipe}'s channels between threads of one run, in blocking and non-blocking mode: a read
 * waits under the scheduler's control until bytes were written or the sink closed, a write until
 * the pipe has room; a non-blocking call returns what the run's counts say (0 bytes), whatever the
 * kernel has. A pipe becomes the run's when a controlled thread first takes one of its channels
 * ({@code source()}, {@code sink()}); the bytes go through the kernel's pipe.
 */
public final class Pipes {
  private Pipes() {}

  public static Pipe.SourceChannel source(Pipe pipe, int site) {
    note(pipe, JdkCode.controlledCaller(pipe, "source"));
    return pipe.source();
  }

  public static Pipe.SinkChannel sink(Pipe pipe, int site) {
    note(pipe, JdkCode.controlledCaller(pipe, "sink"));
    return pipe.sink();
  }

  private static void note(Pipe pipe, ControlledThread t) {
    if (t != null) {
      LoopbackNetwork.of(t).pipe(pipe);
    }
  }

  public static int read(Pipe.SourceChannel ch, ByteBuffer dst, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "read", ByteBuffer.class);
    PipeState pipe = t == null ? null : LoopbackNetwork.of(t).pipeOf(ch);
    if (pipe == null || !dst.hasRemaining()) {
      return ch.read(dst);
    }
    Scheduler s = t.scheduler();
    Wait wait =
        ch.isBlocking()
            ? new SocketWait(pipe::readable, "waits to read from", ch, "until its sink is written")
            : Wait.NONE;
    s.point(t, EventKind.UPDATE, location(s, pipe, site), site, ch, 0, wait);
    if (!pipe.readable()) {
      return 0;
    }
    if (!ch.isOpen()) {
      return ch.read(dst); // the JDK's exception
    }
    if (pipe.inbox == 0) {
      return -1; // the sink is closed and every byte was read
    }
    int got = Transfers.readFully(ch, dst, (int) Math.min(dst.remaining(), pipe.inbox));
    if (got > 0) {
      pipe.inbox -= got;
    }
    return got;
  }

  public static int write(Pipe.SinkChannel ch, ByteBuffer src, int site) throws IOException {
    ControlledThread t = JdkCode.controlledCaller(ch, "write", ByteBuffer.class);
    PipeState pipe = t == null ? null : LoopbackNetwork.of(t).pipeOf(ch);
    if (pipe == null || !src.hasRemaining()) {
      return ch.write(src);
    }
    Scheduler s = t.scheduler();
    boolean blocking = ch.isBlocking();
    int written = 0;
    do {
      Wait wait =
          blocking
              ? new SocketWait(pipe::writable, "waits to write to", ch, "until its source reads")
              : Wait.NONE;
      s.point(t, EventKind.UPDATE, location(s, pipe, site), site, ch, 0, wait);
      if (!ch.isOpen() || !pipe.pipe.source().isOpen()) {
        return written + ch.write(src); // the JDK's exception: closed, or a broken pipe
      }
      int chunk = Math.min(src.remaining(), pipe.room());
      if (chunk == 0) {
        return written; // non-blocking, and the pipe is full
      }
      Transfers.writeFully(ch, src, chunk);
      pipe.inbox += chunk;
      written += chunk;
    } while (blocking && src.hasRemaining());
    return written;
  }
}
