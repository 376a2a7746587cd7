package dev.weft.examples.inputs;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A raw-bytes fuzz target ({@code byte[]}, as Jazzer also accepts): a packet whose header is {@code
 * 0xCAFE} (big-endian, the first two bytes) and whose third byte is a worker count of 2 or more
 * makes that many workers add the packet's remaining payload bytes to a shared total with an
 * unsynchronised read-modify-write. An update lost between two workers' read and write makes the
 * total wrong; shorter or other packets are summed on one thread.
 */
public final class PacketCounter {
  private int total;
  private final AtomicInteger expected = new AtomicInteger();

  public static void fuzzerTestOneInput(byte[] packet) throws InterruptedException {
    if (packet.length < 4) {
      return;
    }
    int header = ((packet[0] & 0xFF) << 8) | (packet[1] & 0xFF);
    if (header != 0xCAFE) {
      return;
    }
    int workers = Math.min(packet[2] & 0xFF, 4);
    if (workers < 2) {
      return;
    }
    new PacketCounter().count(packet, workers);
  }

  private void count(byte[] packet, int workers) throws InterruptedException {
    Thread[] threads = new Thread[workers];
    for (int i = 0; i < workers; i++) {
      threads[i] =
          new Thread(
              () -> {
                int add = 1 + (packet[3] & 0x0F);
                expected.addAndGet(add);
                int seen = total;
                total = seen + add;
              },
              "worker-" + (i + 1));
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    if (total != expected.get()) {
      throw new IllegalStateException("lost an update: total " + total + " of " + expected.get());
    }
  }
}
