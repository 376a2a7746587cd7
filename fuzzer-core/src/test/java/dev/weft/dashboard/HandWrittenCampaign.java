package dev.weft.dashboard;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.StatsLine;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/** A campaign directory whose stats log a test writes line by line, with values it knows. */
final class HandWrittenCampaign {
  final CampaignDirectory dir;

  HandWrittenCampaign(Path root) throws IOException {
    dir = SyntheticCampaign.create(root);
  }

  static StatsLine line(
      long time,
      String event,
      int worker,
      long executions,
      double execsPerSecond,
      long coverage,
      Double realised,
      Map<String, Long> newKeys) {
    return new StatsLine(
        time,
        event,
        1,
        worker,
        executions,
        executions,
        (time - 1_700_000_000_000L) / 1000.0,
        execsPerSecond,
        coverage,
        coverage / 10,
        worker + 1,
        realised,
        0,
        executions / 100,
        newKeys);
  }

  void append(StatsLine... lines) throws IOException {
    try (BufferedWriter w =
        Files.newBufferedWriter(
            dir.statsLog(),
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND)) {
      for (StatsLine l : lines) {
        w.write(l.toJson());
        w.write('\n');
      }
    }
  }

  void appendRaw(String text) throws IOException {
    Files.writeString(
        dir.statsLog(),
        text,
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }
}
