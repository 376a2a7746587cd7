package dev.weft.corpus.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.corpus.AtomicFiles;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads and writes {@code campaign.json}. JSON, not Kryo: people read and edit it (a class path
 * that moved), and scripts read the target from it. Every field is checked on reading, and a
 * problem is a {@link CampaignFileException} naming the file and the field.
 */
public final class CampaignFile {
  public static final int FORMAT_VERSION = 1;
  private static final String FORMAT = "weft-campaign";
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CampaignFile() {}

  public static void write(CampaignSettings s, Path file) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", FORMAT);
    root.put("formatVersion", FORMAT_VERSION);
    ObjectNode target = root.putObject("target");
    target.put("mode", s.target().mode().name().toLowerCase(Locale.ROOT));
    target.put("class", s.target().className());
    target.put("method", s.target().methodName());
    strings(target.putArray("args"), s.target().args());
    target.put("describe", s.target().describe());
    strings(root.putArray("classPath"), s.classPath());
    strings(root.putArray("jvmOptions"), s.jvmOptions());
    ObjectNode options = root.putObject("options");
    options.put("strategy", s.strategy());
    options.put("depth", s.depth());
    options.put("threadsBound", s.threadsBound());
    options.put("seed", s.seed());
    options.put("maxSteps", s.budget().maxSteps());
    options.put("runTimeoutMillis", s.budget().wallMillis());
    options.put("stallTimeoutMillis", s.budget().stallMillis());
    options.put("graphEvents", s.graphEvents());
    options.put("races", s.races().label());
    options.put("localObjects", s.localObjects());
    strings(options.putArray("ignoreExceptions"), s.ignoredExceptions().names());
    root.put("targetHash", s.targetHash());
    if (s.cluster() != null) {
      ObjectNode cluster = root.putObject("cluster");
      cluster.put("name", s.cluster().name());
      cluster.put("memberPort", s.cluster().memberPort());
      strings(cluster.putArray("join"), s.cluster().join());
      if (s.cluster().secretFile() != null) {
        cluster.put("secretFile", s.cluster().secretFile());
      }
    }
    AtomicFiles.write(
        file, (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  public static CampaignSettings read(Path file) throws IOException {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new CampaignFileException(
          file + " is corrupt (not valid JSON: " + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText())) {
      throw new CampaignFileException(file + " is not a Weft campaign file");
    }
    int version = root.path("formatVersion").asInt(-1);
    if (version > FORMAT_VERSION) {
      throw new CampaignFileException(
          file
              + " has campaign format version "
              + version
              + "; this Weft reads version "
              + FORMAT_VERSION
              + " (the campaign was written by a newer Weft)");
    }
    if (version < 1) {
      throw new CampaignFileException(file + " is corrupt: no valid formatVersion");
    }
    Fields f = new Fields(file, root);
    JsonNode target = f.object(root, "target");
    String mode = f.text(target, "mode");
    TargetSpec spec;
    switch (mode) {
      case "main" -> spec = TargetSpec.main(f.text(target, "class"), f.strings(target, "args"));
      case "method" ->
          spec =
              new TargetSpec(
                  TargetSpec.Mode.METHOD,
                  f.text(target, "class"),
                  f.text(target, "method"),
                  List.of());
      case "test" ->
          spec =
              new TargetSpec(
                  TargetSpec.Mode.TEST,
                  f.text(target, "class"),
                  f.text(target, "method"),
                  List.of());
      default -> throw f.bad("target.mode", "'" + mode + "' (expected main, method or test)");
    }
    JsonNode options = f.object(root, "options");
    return new CampaignSettings(
        spec,
        f.strings(root, "classPath"),
        f.strings(root, "jvmOptions"),
        f.text(options, "strategy"),
        (int) f.number(options, "depth"),
        f.threadsBound(options),
        f.number(options, "seed"),
        new RunBudget(
            (int) f.number(options, "maxSteps"),
            f.number(options, "runTimeoutMillis"),
            f.number(options, "stallTimeoutMillis")),
        (int) f.number(options, "graphEvents"),
        f.races(options),
        f.localObjects(options),
        f.text(root, "targetHash"),
        f.ignoredExceptions(options),
        f.cluster(root));
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }

  /** Typed field access that names the file and field in every complaint. */
  private record Fields(Path file, JsonNode root) {
    JsonNode object(JsonNode parent, String name) throws CampaignFileException {
      JsonNode n = parent.get(name);
      if (n == null || !n.isObject()) {
        throw bad(name, "missing or not an object");
      }
      return n;
    }

    /** A campaign written before thread bounding was an option of fuzz ran without it. */
    int threadsBound(JsonNode options) throws CampaignFileException {
      JsonNode n = options.get("threadsBound");
      if (n == null) {
        return 0;
      }
      if (!n.isInt() || n.intValue() < 0) {
        throw bad("threadsBound", "not a count of threads (0 or more)");
      }
      return n.intValue();
    }

    /**
     * A campaign written before thread-local objects were tracked made its corpus with every access
     * a scheduling point, and goes on so.
     */
    boolean localObjects(JsonNode options) throws CampaignFileException {
      JsonNode n = options.get("localObjects");
      if (n == null) {
        return false;
      }
      if (!n.isBoolean()) {
        throw bad("localObjects", "not true or false");
      }
      return n.booleanValue();
    }

    /** A campaign written before exceptions could be expected ignores none. */
    ExpectedExceptions ignoredExceptions(JsonNode options) throws CampaignFileException {
      if (options.get("ignoreExceptions") == null) {
        return ExpectedExceptions.NONE;
      }
      try {
        return ExpectedExceptions.of(strings(options, "ignoreExceptions"));
      } catch (IllegalArgumentException e) {
        throw bad("ignoreExceptions", e.getMessage());
      }
    }

    /** A campaign without a cluster (or written before they were recorded) has no field. */
    ClusterSettings cluster(JsonNode root) throws CampaignFileException {
      if (root.get("cluster") == null) {
        return null;
      }
      JsonNode c = object(root, "cluster");
      long port = number(c, "memberPort");
      if (port < 1 || port > 65535) {
        throw bad("memberPort", "not a port (1-65535)");
      }
      String secret = null;
      if (c.get("secretFile") != null) {
        secret = text(c, "secretFile");
      }
      return new ClusterSettings(text(c, "name"), (int) port, strings(c, "join"), secret);
    }

    /** A campaign written before races were an option of fuzz ran with the default. */
    RaceMode races(JsonNode options) throws CampaignFileException {
      JsonNode n = options.get("races");
      if (n == null) {
        return RaceMode.DEFAULT;
      }
      try {
        return RaceMode.parse(n.asText());
      } catch (IllegalArgumentException e) {
        throw bad("races", e.getMessage());
      }
    }

    String text(JsonNode parent, String name) throws CampaignFileException {
      JsonNode n = parent.get(name);
      if (n == null || !n.isTextual()) {
        throw bad(name, "missing or not a string");
      }
      return n.asText();
    }

    long number(JsonNode parent, String name) throws CampaignFileException {
      JsonNode n = parent.get(name);
      if (n == null || !n.canConvertToLong()) {
        throw bad(name, "missing or not a whole number");
      }
      return n.asLong();
    }

    List<String> strings(JsonNode parent, String name) throws CampaignFileException {
      JsonNode n = parent.get(name);
      if (n == null || !n.isArray()) {
        throw bad(name, "missing or not a list");
      }
      List<String> out = new ArrayList<>();
      for (JsonNode e : n) {
        if (!e.isTextual()) {
          throw bad(name, "holds something other than strings");
        }
        out.add(e.asText());
      }
      return out;
    }

    CampaignFileException bad(String field, String what) {
      return new CampaignFileException(file + " is corrupt: field '" + field + "' " + what);
    }
  }
}
