package dev.weft.fuzz.pool;

import dev.weft.corpus.campaign.LineTail;
import dev.weft.corpus.campaign.StatsLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows {@code stats.jsonl} while workers append to it, from its end as it was when the pool
 * started ({@link LineTail}); a line that does not parse is skipped.
 */
final class StatsTail {
  private final LineTail tail;

  /** Starts at the end of the file as it is now: only lines written from now on are read. */
  StatsTail(Path file) throws IOException {
    this.tail = new LineTail(file, true);
  }

  List<StatsLine> newLines() throws IOException {
    List<StatsLine> lines = new ArrayList<>();
    for (LineTail.Line line : tail.newLines()) {
      if (line.text().isBlank()) {
        continue;
      }
      try {
        lines.add(StatsLine.parse(line.text()));
      } catch (IllegalArgumentException e) {
        // a line cut by a crash, or written by hand: nothing to follow in it
      }
    }
    return lines;
  }
}
