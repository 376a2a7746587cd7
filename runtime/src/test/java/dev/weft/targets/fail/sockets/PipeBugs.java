package dev.weft.targets.fail.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;

/** Bugs of programs whose threads talk through {@code Pipe}s. */
public final class PipeBugs {
  private PipeBugs() {}

  static int received;

  /** Two consumers, one pipe each, count what they received in a plain field. */
  public static void consumersCountInPlainField() throws Exception {
    received = 0;
    Pipe[] pipes = {Pipe.open(), Pipe.open()};
    Thread[] consumers = new Thread[2];
    for (int i = 0; i < 2; i++) {
      Pipe.SourceChannel source = pipes[i].source();
      consumers[i] =
          new Thread(
              () -> {
                try (source) {
                  ByteBuffer b = ByteBuffer.allocate(1);
                  if (source.read(b) == 1) {
                    received = received + 1;
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "consumer-" + i);
      consumers[i].start();
    }
    for (Pipe p : pipes) {
      try (Pipe.SinkChannel sink = p.sink()) {
        sink.write(ByteBuffer.wrap(new byte[] {7}));
      }
    }
    for (Thread t : consumers) {
      t.join();
    }
    if (received != 2) {
      throw new AssertionError("received " + received + " of 2");
    }
  }

  /** Each of two threads reads the other's pipe before writing its own: both wait for ever. */
  public static void eachWaitsForTheOthersPipe() throws Exception {
    Pipe toMain = Pipe.open();
    Pipe toPeer = Pipe.open();
    Thread peer =
        new Thread(
            () -> {
              try {
                toPeer.source().read(ByteBuffer.allocate(1));
                toMain.sink().write(ByteBuffer.wrap(new byte[] {1}));
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "peer");
    peer.start();
    toMain.source().read(ByteBuffer.allocate(1));
    toPeer.sink().write(ByteBuffer.wrap(new byte[] {1}));
    peer.join();
  }
}
