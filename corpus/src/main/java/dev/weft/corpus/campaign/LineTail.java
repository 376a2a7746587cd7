package dev.weft.corpus.campaign;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Follows a file that other processes append lines to ({@code stats.jsonl}): each call reads only
 * what was appended since the last one, so watching a campaign that runs for days costs nothing per
 * look. An incomplete last line (a writer is in the middle of it) waits for the next call. A file
 * that became shorter than what was read was replaced or truncated; {@link #restarted()} says so
 * and reading starts again from its beginning.
 */
public final class LineTail {
  private static final int MAX_READ = 64 << 20;

  private final Path file;
  private final int maxRead;
  private long offset;
  private long lines;
  private byte[] partial = new byte[0];
  private boolean restarted;

  /**
   * @param fromEnd start at the end of the file as it is now (only lines written from now on are
   *     read), rather than at its beginning
   */
  public LineTail(Path file, boolean fromEnd) throws IOException {
    this(file, fromEnd, MAX_READ);
  }

  /** Reads at most {@code maxRead} bytes per call. */
  LineTail(Path file, boolean fromEnd, int maxRead) throws IOException {
    this.file = file;
    this.maxRead = maxRead;
    this.offset = fromEnd && Files.exists(file) ? Files.size(file) : 0;
  }

  /** A complete line and its number in the file (from 1, counted from where reading began). */
  public record Line(long number, String text) {}

  /**
   * The complete lines appended since the last call, at most 64 MB of them: the rest comes with the
   * next call, so a reader that wants everything calls until it gets none.
   */
  public List<Line> newLines() throws IOException {
    List<Line> out = new ArrayList<>();
    if (!Files.exists(file)) {
      return out;
    }
    byte[] appended;
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long size = in.length();
      if (size < offset) {
        offset = 0;
        lines = 0;
        partial = new byte[0];
        restarted = true;
      }
      if (size <= offset) {
        return out;
      }
      appended = new byte[(int) Math.min(size - offset, maxRead)];
      in.seek(offset);
      in.readFully(appended);
      offset += appended.length;
    }
    byte[] text = partial;
    int from = 0;
    if (partial.length > 0) {
      text = Arrays.copyOf(partial, partial.length + appended.length);
      System.arraycopy(appended, 0, text, partial.length, appended.length);
    } else {
      text = appended;
    }
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        lines++;
        out.add(new Line(lines, new String(text, from, i - from, StandardCharsets.UTF_8)));
        from = i + 1;
      }
    }
    partial = Arrays.copyOfRange(text, from, text.length);
    return out;
  }

  /**
   * Whether the file was found shorter than what had been read since the last call to this method
   * (it was replaced): the lines read before are not in it any more.
   */
  public boolean restarted() {
    boolean r = restarted;
    restarted = false;
    return r;
  }

  /** Bytes of the file read so far (complete lines and a pending partial one). */
  public long offset() {
    return offset;
  }
}
