package dev.weft.corpus.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.corpus.AtomicFiles;
import dev.weft.corpus.CorruptFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Which pairs of code sites have conflicted (two threads touched the same location one right after
 * the other, at least one writing), in which orders, and whether a segment the fuzzer planned and
 * realised ordered them: where the fuzzer has and has not interleaved the target's code, the data
 * of the dashboard's interleaving map. Counts are runs, not events: a pair seen a thousand times in
 * one run counts once.
 *
 * <p>Each worker keeps its own file ({@code interleavings/w<worker>.json}, written whole and
 * atomically with every stats line), adding up its sessions; readers merge the workers' files. JSON
 * like the other small files of a campaign; format and fields are in docs/campaigns.md.
 */
public final class InterleavingMap {
  public static final int FORMAT_VERSION = 1;
  private static final String FORMAT = "weft-interleavings";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The counts of one unordered pair of sites, {@code a} ordered before {@code b} by CodeSite. */
  public record Pair(
      CodeSite a, CodeSite b, long aFirst, long bFirst, long realisedAFirst, long realisedBFirst) {
    /** Whether both orders have been seen (a pair of one site with itself has only one). */
    public boolean bothOrders() {
      return a.equals(b) ? aFirst > 0 : aFirst > 0 && bFirst > 0;
    }

    public boolean realised() {
      return realisedAFirst + realisedBFirst > 0;
    }
  }

  private static final int A_FIRST = 0;
  private static final int B_FIRST = 1;
  private static final int REALISED_A_FIRST = 2;
  private static final int REALISED_B_FIRST = 3;

  private final List<CodeSite> sites = new ArrayList<>();
  private final Map<CodeSite, Integer> siteIndex = new HashMap<>();
  private final Map<Long, long[]> counts = new LinkedHashMap<>();
  private boolean changed;

  /** The index of {@code site} in this map, added if new; indices are this map's own. */
  public int site(CodeSite site) {
    Integer i = siteIndex.get(site);
    if (i == null) {
      i = sites.size();
      sites.add(site);
      siteIndex.put(site, i);
    }
    return i;
  }

  /** Counts one run in which site {@code first} conflicted with, and ran before, {@code second}. */
  public void seen(int first, int second) {
    add(first, second, A_FIRST, 1);
  }

  /** Counts one run that realised a planned segment holding {@code first} before {@code second}. */
  public void realised(int first, int second) {
    add(first, second, REALISED_A_FIRST, 1);
  }

  private void add(int first, int second, int aFirstSlot, long n) {
    boolean inOrder = sites.get(first).compareTo(sites.get(second)) <= 0;
    int a = inOrder ? first : second;
    int b = inOrder ? second : first;
    long[] c = counts.computeIfAbsent(((long) a << 32) | b, k -> new long[4]);
    c[inOrder ? aFirstSlot : aFirstSlot + 1] += n;
    changed = true;
  }

  /** Adds every count of {@code other} to this map. */
  public void addAll(InterleavingMap other) {
    for (Map.Entry<Long, long[]> e : other.counts.entrySet()) {
      int a = site(other.sites.get((int) (e.getKey() >>> 32)));
      int b = site(other.sites.get(e.getKey().intValue()));
      long[] c = e.getValue();
      add(a, b, A_FIRST, c[A_FIRST]);
      add(a, b, B_FIRST, c[B_FIRST]);
      add(a, b, REALISED_A_FIRST, c[REALISED_A_FIRST]);
      add(a, b, REALISED_B_FIRST, c[REALISED_B_FIRST]);
    }
  }

  public List<Pair> pairs() {
    List<Pair> out = new ArrayList<>(counts.size());
    counts.forEach(
        (key, c) ->
            out.add(
                new Pair(
                    sites.get((int) (key >>> 32)),
                    sites.get(key.intValue()),
                    c[A_FIRST],
                    c[B_FIRST],
                    c[REALISED_A_FIRST],
                    c[REALISED_B_FIRST])));
    return out;
  }

  public int pairCount() {
    return counts.size();
  }

  /** Whether anything was counted since the map was read, written or made. */
  public boolean changed() {
    return changed;
  }

  /** The file of {@code worker} in a campaign directory. */
  public static Path file(CampaignDirectory dir, int worker) {
    return dir.interleavings().resolve("w" + worker + ".json");
  }

  public void write(Path file) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("formatVersion", FORMAT_VERSION);
    ArrayNode siteArray = root.putArray("sites");
    for (CodeSite s : sites) {
      ObjectNode n = siteArray.addObject();
      n.put("class", s.className());
      n.put("method", s.method());
      n.put("file", s.file());
      n.put("line", s.line());
      n.put("operation", s.operation());
    }
    ArrayNode pairArray = root.putArray("pairs");
    counts.forEach(
        (key, c) -> {
          ObjectNode n = pairArray.addObject();
          n.put("a", (int) (key >>> 32));
          n.put("b", key.intValue());
          n.put("aFirst", c[A_FIRST]);
          n.put("bFirst", c[B_FIRST]);
          n.put("realisedAFirst", c[REALISED_A_FIRST]);
          n.put("realisedBFirst", c[REALISED_B_FIRST]);
        });
    AtomicFiles.write(
        file, (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8));
    changed = false;
  }

  /**
   * Reads one worker's file.
   *
   * @throws CorruptFileException if it is not such a file, of a version this Weft reads
   */
  public static InterleavingMap read(Path file) throws IOException {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new CorruptFileException(file + " is corrupt (not valid JSON)");
    }
    if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
      throw new CorruptFileException(file + " is not a Weft interleavings file");
    }
    int version = root.path("formatVersion").asInt(-1);
    if (version < 1 || version > FORMAT_VERSION) {
      throw new CorruptFileException(
          file
              + " has interleavings format version "
              + version
              + "; this Weft reads version "
              + FORMAT_VERSION);
    }
    InterleavingMap map = new InterleavingMap();
    for (JsonNode s : root.path("sites")) {
      map.site(
          new CodeSite(
              text(file, s, "class"),
              text(file, s, "method"),
              text(file, s, "file"),
              s.path("line").asInt(0),
              text(file, s, "operation")));
    }
    for (JsonNode p : root.path("pairs")) {
      int a = p.path("a").asInt(-1);
      int b = p.path("b").asInt(-1);
      if (a < 0 || b < 0 || a >= map.sites.size() || b >= map.sites.size()) {
        throw new CorruptFileException(file + " is corrupt: a pair names no site");
      }
      long[] c = {
        p.path("aFirst").asLong(),
        p.path("bFirst").asLong(),
        p.path("realisedAFirst").asLong(),
        p.path("realisedBFirst").asLong()
      };
      boolean inOrder = map.sites.get(a).compareTo(map.sites.get(b)) <= 0;
      if (!inOrder) {
        throw new CorruptFileException(file + " is corrupt: a pair is not in site order");
      }
      map.counts.put(((long) a << 32) | b, c);
    }
    map.changed = false;
    return map;
  }

  private static String text(Path file, JsonNode n, String field) throws CorruptFileException {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new CorruptFileException(file + " is corrupt: a site has no '" + field + "'");
    }
    return v.asText();
  }

  /**
   * The campaign's map: every worker's file merged. A file that cannot be read is reported to
   * {@code warnings} and left out; nothing is moved, so it is safe while the campaign runs.
   */
  public static InterleavingMap readAll(CampaignDirectory dir, Consumer<String> warnings)
      throws IOException {
    InterleavingMap all = new InterleavingMap();
    if (!Files.isDirectory(dir.interleavings())) {
      return all;
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir.interleavings())) {
      files =
          list.filter(p -> p.getFileName().toString().matches("w\\d+\\.json")).sorted().toList();
    }
    for (Path f : files) {
      try {
        all.addAll(read(f));
      } catch (CorruptFileException e) {
        warnings.accept("warning: " + e.getMessage() + "; left out of the interleaving map");
      }
    }
    all.changed = false;
    return all;
  }
}
