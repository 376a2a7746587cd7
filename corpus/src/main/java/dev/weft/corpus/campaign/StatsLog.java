package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends lines to {@code stats.jsonl}. Each line is written with one append, so a process killed
 * mid-write leaves at most one incomplete last line, which {@link StatsHistory} skips.
 */
public final class StatsLog {
  private final Path file;

  public StatsLog(Path file) {
    this.file = file;
  }

  public void append(StatsLine line) throws IOException {
    Files.writeString(
        file,
        line.toJson() + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }
}
