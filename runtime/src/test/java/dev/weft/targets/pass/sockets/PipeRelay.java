package dev.weft.targets.pass.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;

/** Threads that hand bytes over through {@code Pipe}s: correct in every interleaving. */
public final class PipeRelay {
  private PipeRelay() {}

  /**
   * The system property under which {@link #leavesAPipeOpen} leaves its pipe (reachable, as from a
   * long-lived registry of the program's), for a test to see that the run's end closed it.
   */
  public static final String LEFT_OPEN = "weft.test.leftPipe";

  /** A producer writes three ints in three writes and closes; the consumer reads to the end. */
  public static void producerAndBlockingConsumer() throws Exception {
    Pipe pipe = Pipe.open();
    Thread producer =
        new Thread(
            () -> {
              try (Pipe.SinkChannel sink = pipe.sink()) {
                for (int i = 1; i <= 3; i++) {
                  ByteBuffer b = ByteBuffer.allocate(4).putInt(i).flip();
                  while (b.hasRemaining()) {
                    sink.write(b);
                  }
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "producer");
    producer.start();
    ByteBuffer all = ByteBuffer.allocate(16);
    try (Pipe.SourceChannel source = pipe.source()) {
      while (source.read(all) >= 0) {
        if (!all.hasRemaining()) {
          throw new AssertionError("more than 12 bytes");
        }
      }
    }
    producer.join();
    all.flip();
    if (all.remaining() != 12 || all.getInt() != 1 || all.getInt() != 2 || all.getInt() != 3) {
      throw new AssertionError("read " + all);
    }
  }

  /**
   * Two writers, one pipe each; one thread selects over both non-blocking sources to their ends.
   */
  public static void selectorOverTwoPipes() throws Exception {
    Pipe[] pipes = {Pipe.open(), Pipe.open()};
    try (Selector selector = Selector.open()) {
      for (int i = 0; i < 2; i++) {
        Pipe.SourceChannel source = pipes[i].source();
        source.configureBlocking(false);
        source.register(selector, SelectionKey.OP_READ, new int[1]);
        byte id = (byte) ('a' + i);
        Pipe.SinkChannel sink = pipes[i].sink();
        new Thread(
                () -> {
                  try (sink) {
                    sink.write(ByteBuffer.wrap(new byte[] {id, id}));
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                },
                "writer-" + (char) id)
            .start();
      }
      int open = 2;
      int bytes = 0;
      ByteBuffer b = ByteBuffer.allocate(8);
      while (open > 0) {
        selector.select();
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
          SelectionKey key = keys.next();
          keys.remove();
          b.clear();
          int n = ((Pipe.SourceChannel) key.channel()).read(b);
          if (n < 0) {
            key.cancel();
            key.channel().close();
            open--;
          } else {
            bytes += n;
          }
        }
      }
      if (bytes != 4) {
        throw new AssertionError("read " + bytes + " bytes of 4");
      }
    }
  }

  /** Writes to a pipe nobody reads and leaves both its channels open. */
  public static void leavesAPipeOpen() throws Exception {
    Pipe pipe = Pipe.open();
    pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
    System.getProperties().put(LEFT_OPEN, pipe);
  }
}
