package dev.weft.maven;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.corpus.SavedFindings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The short report that ends a build whose campaign has findings: one line per finding (its kind
 * and message), where its full report is, where it is saved for {@code @WeftTest} to replay, and
 * what to do next. The full reports stay in the campaign directory: a build log is not the place
 * for a page of interleaving per finding.
 */
final class FindingsReport {
  private FindingsReport() {}

  static String of(
      String test, Path campaignFindings, SavedFindings saved, List<Path> savedNow, Path base)
      throws IOException {
    List<Path> findings = SavedFindings.replayFilesIn(campaignFindings);
    StringBuilder sb = new StringBuilder();
    sb.append("Weft's campaign on ")
        .append(test)
        .append(" has ")
        .append(findings.size())
        .append(findings.size() == 1 ? " finding" : " findings")
        .append(" (")
        .append(relative(base, campaignFindings.getParent()))
        .append("):\n");
    for (Path file : findings) {
      String name = file.getFileName().toString();
      String id = name.substring(0, name.length() - ".weft".length());
      sb.append("  ").append(id).append(": ").append(headline(file)).append('\n');
      sb.append("    report: ")
          .append(relative(base, file.resolveSibling(id + ".txt")))
          .append('\n');
      Path savedFile = saved.dir().resolve(name);
      if (Files.exists(savedFile)) {
        sb.append("    saved as ")
            .append(relative(base, savedFile))
            .append(savedNow.contains(savedFile) ? " (new)" : "")
            .append(": @WeftTest replays it\n");
      }
    }
    sb.append(
            "Replay one: mvn weft:replay -Dweft.finding=FILE; draw the campaign: mvn weft:dashboard -Dweft.test=")
        .append(test)
        .append("; a green build despite findings: -Dweft.failOnFinding=false");
    return sb.toString();
  }

  /** The first line of the finding's message (its kind is in its name). */
  private static String headline(Path file) {
    try {
      FindingRecord r = FindingFiles.read(file);
      String message = r.message() == null ? "" : r.message().strip();
      int nl = message.indexOf('\n');
      return nl < 0 ? message : message.substring(0, nl);
    } catch (IOException | RuntimeException e) {
      return "(cannot read " + file.getFileName() + ": " + e.getMessage() + ")";
    }
  }

  private static String relative(Path base, Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path b = base.toAbsolutePath().normalize();
    return abs.startsWith(b) ? b.relativize(abs).toString() : abs.toString();
  }
}
