package dev.weft.fuzz.cluster;

import dev.weft.corpus.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The findings other members of the cluster wrote, as this member's directory remembers them: one
 * file {@code DIR/cluster/findings/<id>} per finding, holding its writer's address. The cluster's
 * claims live only as long as one member runs; without this record a member restarted together with
 * the finding's writer (which never claims a finding its own directory holds) would claim it afresh
 * and write it a second time.
 */
final class WrittenElsewhere {
  /** What a finding's id looks like ({@code FindingStore.id}); other names are not ours. */
  private static final Pattern ID = Pattern.compile("[a-z-]+-[0-9a-f]{8}");

  private final Path directory;

  WrittenElsewhere(Path campaign) {
    this.directory = ClusterExchange.importDirectory(campaign).resolve("findings");
  }

  /** The findings recorded, by id, with their writers' addresses. */
  Map<String, String> load() throws IOException {
    Map<String, String> writers = new HashMap<>();
    if (!Files.isDirectory(directory)) {
      return writers;
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(directory)) {
      files = list.filter(p -> ID.matcher(p.getFileName().toString()).matches()).toList();
    }
    for (Path file : files) {
      String writer = Files.readString(file, StandardCharsets.UTF_8).trim();
      if (!writer.isEmpty()) {
        writers.put(file.getFileName().toString(), writer);
      }
    }
    return writers;
  }

  /** Records that {@code writer} (a member's address) wrote the finding {@code id}. */
  void record(String id, String writer) throws IOException {
    if (!ID.matcher(id).matches()) {
      return; // not a finding's name: nothing to keep under it
    }
    AtomicFiles.write(directory.resolve(id), (writer + "\n").getBytes(StandardCharsets.UTF_8));
  }
}
