package dev.weft.targets.jdk;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * A lock-order deadlock through a JDK class's own lock: {@code BufferedWriter.flush} holds the
 * writer's lock (the sink it wraps, as {@code Writer(Object lock)} makes it) while it writes to the
 * sink, whose methods take the sink's file lock; the sink's rotation takes the file lock first and
 * then flushes the buffered writer.
 */
public final class BufferedSinkDeadlock {
  static final class Sink extends Writer {
    private final Object file = new Object();
    private final StringBuilder text = new StringBuilder();

    @Override
    public void write(char[] buf, int off, int len) {
      synchronized (file) {
        text.append(buf, off, len);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    /** Starts a new file: the file lock, then whatever is still buffered. */
    void rotate(Writer buffered) throws IOException {
      synchronized (file) {
        buffered.flush();
        text.setLength(0);
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Sink sink = new Sink();
    BufferedWriter buffered = new BufferedWriter(sink);
    Thread logger =
        new Thread(
            () -> {
              try {
                buffered.write("entry\n");
                buffered.flush(); // the writer's lock, then the file's
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "logger");
    Thread rotator =
        new Thread(
            () -> {
              try {
                sink.rotate(buffered); // the file's lock, then the writer's
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "rotator");
    logger.start();
    rotator.start();
    logger.join();
    rotator.join();
  }
}
