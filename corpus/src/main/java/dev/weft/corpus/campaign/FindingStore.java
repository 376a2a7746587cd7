package dev.weft.corpus.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.corpus.AtomicFiles;
import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.trace.StableHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The {@code findings/} directory of a campaign: one {@code <kind>-<hash>.weft} replay file and
 * {@code .txt} report per signature, written once however often and in however many sessions the
 * bug is seen again, and a {@code .json} beside them with the count and the sessions. Counts change
 * often (a shallow bug recurs every few runs), so they are kept in memory and written by {@link
 * #flush()}, which the campaign calls with every stats line and at the end.
 *
 * <p>Several worker processes share one directory: a new finding is written under an inter-process
 * lock ({@code findings/.lock}) only if no worker wrote it first, a signature not known here is
 * looked up on disk before it counts as new, and a flush adds this process's sightings to the count
 * on disk rather than overwriting it.
 *
 * <p>In a cluster, a finding is written by one member only; the sightings the others make reach it
 * through the cluster ({@link #seenElsewhere}), so that its count is the cluster's.
 */
public final class FindingStore {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private static final String LOCK_FILE = ".lock";

  private final Path directory;
  private final Map<String, FindingSightings> bySignature = new LinkedHashMap<>();
  private final Set<FindingSightings> dirty = new LinkedHashSet<>();

  public FindingStore(Path directory) {
    this.directory = directory;
  }

  /** The file name (without extension) of a finding: its kind and a hash of its signature. */
  public static String id(FindingKind kind, String signature) {
    return kind.label() + "-" + String.format("%08x", (int) StableHash.mix(0, signature));
  }

  /** Reads the findings already in the directory; unreadable replay files are quarantined. */
  public void load(Quarantine quarantine) throws IOException {
    if (!Files.isDirectory(directory)) {
      return;
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(directory)) {
      files =
          list.filter(p -> p.toString().endsWith(".weft") && !FindingFiles.isOriginal(p))
              .sorted()
              .toList();
    }
    for (Path weft : files) {
      FindingRecord record;
      try {
        record = FindingFiles.read(weft);
      } catch (CorruptFileException e) {
        quarantine.take(weft, e.getMessage().replace(weft.toString(), "the file"));
        continue;
      }
      String id = weft.getFileName().toString().replaceFirst("\\.weft$", "");
      bySignature.put(record.signature(), readSightings(id, record));
    }
  }

  private FindingSightings readSightings(String id, FindingRecord record) throws IOException {
    Path side = directory.resolve(id + ".json");
    if (Files.exists(side)) {
      try {
        JsonNode n = JSON.readTree(Files.readString(side, StandardCharsets.UTF_8));
        List<Integer> sessions = new ArrayList<>();
        n.path("sessions").forEach(s -> sessions.add(s.asInt()));
        return new FindingSightings(
            id,
            record.kind().label(),
            record.signature(),
            record.message(),
            n.path("firstSession").asInt(0),
            record.execution(),
            n.path("firstTime").asLong(0),
            Math.max(1, n.path("count").asLong(1)),
            Math.max(0, n.path("elsewhere").asLong(0)),
            sessions);
      } catch (JsonProcessingException e) {
        // rewritten below from the replay file; the count starts again from one
      }
    }
    FindingSightings s =
        new FindingSightings(
            id,
            record.kind().label(),
            record.signature(),
            record.message(),
            0,
            record.execution(),
            0,
            1,
            0,
            List.of());
    dirty.add(s);
    return s;
  }

  public boolean isKnown(String signature) {
    return bySignature.containsKey(signature);
  }

  /**
   * Counts another sighting of a known finding; false if the signature is not known here nor
   * written by another worker.
   */
  public boolean seenAgain(FindingKind kind, String signature, int session) throws IOException {
    FindingSightings s = bySignature.get(signature);
    if (s == null) {
      s = writtenElsewhere(kind, signature);
      if (s == null) {
        return false;
      }
    }
    s.seen(session);
    dirty.add(s);
    return true;
  }

  /**
   * Adds sightings that other members of a cluster made of a finding written here.
   *
   * @param id the finding's {@link #id}; a finding not known here is left alone (false)
   */
  public boolean seenElsewhere(String id, long sightings) {
    for (FindingSightings s : bySignature.values()) {
      if (s.id().equals(id)) {
        s.seenElsewhere(sightings);
        dirty.add(s);
        return true;
      }
    }
    return false;
  }

  /** The ids of the findings known here (written in this directory). */
  public Set<String> ids() {
    Set<String> ids = new LinkedHashSet<>();
    bySignature.values().forEach(s -> ids.add(s.id()));
    return ids;
  }

  /** A finding another worker wrote since this store was loaded, now known here; or null. */
  private FindingSightings writtenElsewhere(FindingKind kind, String signature) throws IOException {
    String id = id(kind, signature);
    Path weft = directory.resolve(id + ".weft");
    if (!Files.exists(weft)) {
      return null;
    }
    FindingRecord record;
    try {
      record = FindingFiles.read(weft);
    } catch (CorruptFileException e) {
      return null; // quarantined when the campaign is next loaded; this sighting is new here
    }
    if (!record.signature().equals(signature)) {
      return null;
    }
    FindingSightings s = readSightings(id, record);
    dirty.remove(s);
    bySignature.put(signature, s);
    return s;
  }

  /**
   * Writes a new finding's replay file, report and sightings; returns the replay file, or null if
   * another worker wrote the same finding first (it is then counted as seen again).
   *
   * @param report the text of the {@code .txt} report
   */
  public Path add(FindingRecord record, String report, int session) throws IOException {
    try (InterProcessLock lock = lock()) {
      if (seenAgain(record.kind(), record.signature(), session)) {
        return null;
      }
      return write(record, report, session);
    }
  }

  private Path write(FindingRecord record, String report, int session) throws IOException {
    String id = id(record.kind(), record.signature());
    Path weft = weftFile(record);
    FindingFiles.write(record, weft);
    AtomicFiles.write(directory.resolve(id + ".txt"), report.getBytes(StandardCharsets.UTF_8));
    FindingSightings s =
        new FindingSightings(
            id,
            record.kind().label(),
            record.signature(),
            record.message(),
            session,
            record.execution(),
            System.currentTimeMillis(),
            1,
            0,
            List.of(session));
    bySignature.put(record.signature(), s);
    write(s);
    return weft;
  }

  /** Where {@link #add} writes the replay file of {@code record}. */
  public Path weftFile(FindingRecord record) {
    return directory.resolve(id(record.kind(), record.signature()) + ".weft");
  }

  /**
   * Writes the sightings that changed since the last flush, each added to what other workers wrote
   * meanwhile.
   */
  public void flush() throws IOException {
    if (dirty.isEmpty()) {
      return;
    }
    try (InterProcessLock lock = lock()) {
      for (FindingSightings s : dirty) {
        mergeWritten(s);
        write(s);
        s.written();
      }
    }
    dirty.clear();
  }

  private void mergeWritten(FindingSightings s) throws IOException {
    Path side = directory.resolve(s.id() + ".json");
    if (!Files.exists(side)) {
      return;
    }
    try {
      JsonNode n = JSON.readTree(Files.readString(side, StandardCharsets.UTF_8));
      List<Integer> sessions = new ArrayList<>();
      n.path("sessions").forEach(x -> sessions.add(x.asInt()));
      long written = n.path("count").asLong(0);
      if (written > 0) {
        s.mergeWritten(written, n.path("elsewhere").asLong(0), sessions);
      }
    } catch (JsonProcessingException e) {
      // rewritten with this process's count
    }
  }

  private InterProcessLock lock() throws IOException {
    Files.createDirectories(directory);
    return InterProcessLock.acquire(directory.resolve(LOCK_FILE));
  }

  private void write(FindingSightings s) throws IOException {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", s.id());
    n.put("kind", s.kind());
    n.put("message", s.message());
    n.put("signature", s.signature());
    n.put("count", s.count());
    if (s.elsewhere() > 0) {
      n.put("elsewhere", s.elsewhere());
    }
    n.put("firstSession", s.firstSession());
    n.put("firstExecution", s.firstExecution());
    if (s.firstTime() > 0) {
      n.put("firstTime", s.firstTime());
    }
    s.sessions().forEach(n.putArray("sessions")::add);
    AtomicFiles.write(
        directory.resolve(s.id() + ".json"),
        (JSON.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  public int count() {
    return bySignature.size();
  }

  public Collection<FindingSightings> all() {
    return List.copyOf(bySignature.values());
  }
}
