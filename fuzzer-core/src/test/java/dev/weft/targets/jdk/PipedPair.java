package dev.weft.targets.jdk;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;

/**
 * Correct: a writer sends 64 bytes through a 16-byte pipe to a reader, which checks their sum. Both
 * block inside {@code java.io} ({@code wait} in the pipe's synchronized methods) whenever the pipe
 * is full or empty.
 */
public final class PipedPair {
  public static void main(String[] args) throws Exception {
    PipedInputStream in = new PipedInputStream(16);
    PipedOutputStream out = new PipedOutputStream(in);
    Thread writer =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < 64; i++) {
                  out.write(i);
                }
                out.close();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "writer");
    int[] sum = new int[1];
    Thread reader =
        new Thread(
            () -> {
              try {
                for (int b; (b = in.read()) >= 0; ) {
                  sum[0] += b;
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "reader");
    writer.start();
    reader.start();
    writer.join();
    reader.join();
    if (sum[0] != 63 * 64 / 2) {
      throw new AssertionError("read a sum of " + sum[0]);
    }
  }
}
