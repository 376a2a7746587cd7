package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.StatsLine;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows {@code stats.jsonl} while workers append to it: each call reads only what was appended
 * since the last one, so watching a campaign that runs for days costs nothing per look. An
 * incomplete last line (a worker is writing it) waits for the next call; a line that does not parse
 * is skipped.
 */
final class StatsTail {
  private final Path file;
  private long offset;
  private byte[] partial = new byte[0];

  /** Starts at the end of the file as it is now: only lines written from now on are read. */
  StatsTail(Path file) throws IOException {
    this.file = file;
    this.offset = Files.exists(file) ? Files.size(file) : 0;
  }

  List<StatsLine> newLines() throws IOException {
    List<StatsLine> lines = new ArrayList<>();
    if (!Files.exists(file)) {
      return lines;
    }
    byte[] appended;
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long size = in.length();
      if (size <= offset) {
        return lines;
      }
      appended = new byte[(int) Math.min(size - offset, 64 << 20)];
      in.seek(offset);
      in.readFully(appended);
      offset += appended.length;
    }
    byte[] text = new byte[partial.length + appended.length];
    System.arraycopy(partial, 0, text, 0, partial.length);
    System.arraycopy(appended, 0, text, partial.length, appended.length);
    int start = 0;
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        String line = new String(text, start, i - start, StandardCharsets.UTF_8);
        start = i + 1;
        if (line.isBlank()) {
          continue;
        }
        try {
          lines.add(StatsLine.parse(line));
        } catch (IllegalArgumentException e) {
          // a line cut by a crash, or written by hand: nothing to follow in it
        }
      }
    }
    partial = java.util.Arrays.copyOfRange(text, start, text.length);
    return lines;
  }
}
