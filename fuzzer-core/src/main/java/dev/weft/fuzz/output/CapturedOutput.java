package dev.weft.fuzz.output;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;

/**
 * What the target wrote to {@code System.out} and {@code System.err} in one execution, in the order
 * written, kept within a fixed size so that a chatty target cannot fill the heap: the beginning
 * (start-up messages, the first lines of the run) and the end (what led to the failure), with a
 * note in between saying how much was dropped.
 */
public final class CapturedOutput {
  static final int KEEP_HEAD = 32 * 1024;
  static final int KEEP_TAIL = 32 * 1024;

  private final Charset charset;
  private final ByteArrayOutputStream head = new ByteArrayOutputStream();
  private final byte[] tail;
  private int tailStart;
  private int tailLength;
  private long total;

  CapturedOutput(Charset charset) {
    this(charset, KEEP_TAIL);
  }

  CapturedOutput(Charset charset, int keepTail) {
    this.charset = charset;
    this.tail = new byte[keepTail];
  }

  synchronized void write(byte[] b, int off, int len) {
    total += len;
    int toHead = Math.min(len, KEEP_HEAD - head.size());
    if (toHead > 0) {
      head.write(b, off, toHead);
    }
    for (int i = off + toHead; i < off + len; i++) {
      if (tailLength < tail.length) {
        tail[(tailStart + tailLength++) % tail.length] = b[i];
      } else {
        tail[tailStart] = b[i];
        tailStart = (tailStart + 1) % tail.length;
      }
    }
  }

  public synchronized boolean isEmpty() {
    return total == 0;
  }

  /** Bytes written, including those no longer kept. */
  public synchronized long bytes() {
    return total;
  }

  /** The output as text; where some was dropped, a line says how much. */
  public synchronized String text() {
    StringBuilder sb = new StringBuilder(head.toString(charset));
    long dropped = total - head.size() - tailLength;
    if (dropped > 0) {
      if (sb.length() > 0 && sb.charAt(sb.length() - 1) != '\n') {
        sb.append('\n');
      }
      sb.append(String.format("[... %,d bytes of output not kept ...]\n", dropped));
    }
    byte[] ordered = new byte[tailLength];
    for (int i = 0; i < tailLength; i++) {
      ordered[i] = tail[(tailStart + i) % tail.length];
    }
    return sb.append(new String(ordered, charset)).toString();
  }
}
