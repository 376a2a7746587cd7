package dev.weft.cli;

import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.ClusterSettings;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Works out a session's campaign settings: a new campaign takes them from the command line (with
 * {@code weft run}'s defaults); a resumed one from {@code campaign.json}, each option given on the
 * command line replacing the recorded one. The target cannot be replaced: a campaign is about one
 * target, and its corpus means nothing for another.
 */
final class FuzzSettings {
  /** A problem with the command line or the recorded settings; exit code 2. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** What the command line says; null where an option was not given. */
  record Given(
      TargetSpec target,
      String classPath,
      List<String> jvmOptions,
      String strategy,
      Integer depth,
      Integer threadsBound,
      Long seed,
      Integer maxSteps,
      Duration runTimeout,
      Duration stallTimeout,
      Integer graphEvents,
      String races,
      String localObjects,
      List<String> ignoredExceptions,
      ClusterGiven cluster) {}

  /**
   * The cluster options of the command line: null where not given ({@code join} too), {@code leave}
   * for {@code --no-cluster}.
   */
  record ClusterGiven(
      String name, Integer memberPort, List<String> join, Path secretFile, boolean leave) {
    static final ClusterGiven NONE = new ClusterGiven(null, null, null, null, false);

    boolean any() {
      return name != null || memberPort != null || join != null || secretFile != null;
    }
  }

  private FuzzSettings() {}

  /**
   * @param recorded the campaign's settings, or null if the directory holds no campaign yet
   * @param directory the campaign directory, for messages
   */
  static CampaignSettings resolve(Given given, CampaignSettings recorded, Path directory)
      throws UsageException {
    if (recorded == null && (given.target() == null || given.classPath() == null)) {
      throw new UsageException(
          directory
              + " holds no campaign (no campaign.json): to start one, give --target or --main and"
              + " --cp");
    }
    if (recorded != null
        && given.target() != null
        && !given.target().describe().equals(recorded.target().describe())) {
      throw new UsageException(
          directory
              + " holds the campaign of "
              + recorded.target().describe()
              + ", not of "
              + given.target().describe()
              + "; use another --corpus directory for another target");
    }
    RunBudget before = recorded == null ? RunBudget.DEFAULT : recorded.budget();
    CampaignSettings s =
        new CampaignSettings(
            recorded == null ? given.target() : recorded.target(),
            given.classPath() != null ? classPath(given.classPath()) : recorded.classPath(),
            given.jvmOptions() != null
                ? given.jvmOptions()
                : recorded == null ? List.of() : recorded.jvmOptions(),
            pick(given.strategy(), recorded == null ? "segment" : recorded.strategy()),
            pick(given.depth(), recorded == null ? 3 : recorded.depth()),
            threadsBound(given, recorded),
            pick(
                given.seed(),
                recorded == null
                    ? ThreadLocalRandom.current().nextLong(1L << 48)
                    : recorded.seed()),
            new RunBudget(
                pick(given.maxSteps(), before.maxSteps()),
                given.runTimeout() != null ? given.runTimeout().toMillis() : before.wallMillis(),
                given.stallTimeout() != null
                    ? given.stallTimeout().toMillis()
                    : before.stallMillis()),
            pick(
                given.graphEvents(),
                recorded == null ? GraphBudget.DEFAULT.maxEvents() : recorded.graphEvents()),
            given.races() != null
                ? races(given.races())
                : recorded == null ? RaceMode.DEFAULT : recorded.races(),
            localObjects(given, recorded),
            recorded == null ? "" : recorded.targetHash(),
            ignoredExceptions(given, recorded),
            cluster(given.cluster(), recorded == null ? null : recorded.cluster()));
    check(s);
    return s;
  }

  /**
   * Given, or as recorded; another strategy given on resume drops a recorded bound it cannot use,
   * so that {@code --strategy segment} alone switches a pct campaign over.
   */
  private static int threadsBound(Given given, CampaignSettings recorded) {
    if (given.threadsBound() != null) {
      return given.threadsBound();
    }
    if (recorded == null) {
      return 0;
    }
    String strategy = given.strategy() != null ? given.strategy() : recorded.strategy();
    boolean bounded = strategy.equalsIgnoreCase("pct") || strategy.equalsIgnoreCase("pctvb");
    return bounded ? recorded.threadsBound() : 0;
  }

  /**
   * The cluster given, or as recorded, so that a resume rejoins; each cluster option given replaces
   * the recorded one (another port, other addresses to join), and {@code --no-cluster} leaves.
   */
  static ClusterSettings cluster(ClusterGiven given, ClusterSettings recorded)
      throws UsageException {
    if (given.leave()) {
      if (given.any()) {
        throw new UsageException(
            "--no-cluster leaves the cluster: it goes without --cluster, --member-port, --join"
                + " and --cluster-secret-file");
      }
      return null;
    }
    if (!given.any()) {
      return recorded;
    }
    String name = given.name() != null ? given.name() : recorded == null ? null : recorded.name();
    if (name == null) {
      throw new UsageException(
          "--member-port, --join and --cluster-secret-file go with --cluster NAME");
    }
    Integer port =
        given.memberPort() != null
            ? given.memberPort()
            : recorded == null ? null : recorded.memberPort();
    if (port == null) {
      throw new UsageException(
          "--cluster needs --member-port P, the port this member listens on (1-65535)");
    }
    List<String> join =
        given.join() != null ? given.join() : recorded == null ? List.of() : recorded.join();
    String secret =
        given.secretFile() != null
            ? given.secretFile().toAbsolutePath().toString()
            : recorded == null ? null : recorded.secretFile();
    return new ClusterSettings(name, port, join, secret);
  }

  private static <T> T pick(T given, T otherwise) {
    return given != null ? given : otherwise;
  }

  /**
   * Given, or as recorded; a new campaign tracks them unless its races mode is {@code fields}
   * (whose oracle must see every access).
   */
  private static boolean localObjects(Given given, CampaignSettings recorded)
      throws UsageException {
    if (given.localObjects() != null) {
      try {
        return OnOff.parse("--local-objects", given.localObjects());
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
    }
    if (recorded != null) {
      return recorded.localObjects();
    }
    RaceMode races = given.races() != null ? races(given.races()) : RaceMode.DEFAULT;
    return RunExecutor.localObjectsByDefault(races);
  }

  /** Given (the list replaces the recorded one; {@code none} clears it), or as recorded. */
  private static ExpectedExceptions ignoredExceptions(Given given, CampaignSettings recorded)
      throws UsageException {
    if (given.ignoredExceptions() == null) {
      return recorded == null ? ExpectedExceptions.NONE : recorded.ignoredExceptions();
    }
    if (given.ignoredExceptions().equals(List.of("none"))) {
      return ExpectedExceptions.NONE;
    }
    try {
      return ExpectedExceptions.of(given.ignoredExceptions());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static RaceMode races(String given) throws UsageException {
    try {
      return RaceMode.parse(given);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static List<String> classPath(String joined) throws UsageException {
    List<String> cp = new ArrayList<>();
    for (String part : joined.split(File.pathSeparator)) {
      if (!part.isBlank()) {
        cp.add(Path.of(part).toAbsolutePath().normalize().toString());
      }
    }
    return cp;
  }

  private static void check(CampaignSettings s) throws UsageException {
    for (String entry : s.classPath()) {
      if (!Files.exists(Path.of(entry))) {
        throw new UsageException(
            "class path entry does not exist: " + entry + " (give the class path with --cp)");
      }
    }
    if (s.budget().maxSteps() < 1 || s.depth() < 1) {
      throw new UsageException("--max-steps and --depth must be positive");
    }
    if (s.threadsBound() < 0) {
      throw new UsageException("--threads-bound must be 0 (off) or more");
    }
    if (s.graphEvents() < GraphBudget.MIN_EVENTS) {
      throw new UsageException("--graph-events must be at least " + GraphBudget.MIN_EVENTS);
    }
    for (String opt : s.jvmOptions()) {
      if (!opt.startsWith("-")) {
        throw new UsageException("a JVM option starts with '-': " + opt);
      }
    }
    try {
      Strategies.create(
          s.strategy(), s.depth(), s.threadsBound(), 0, id -> 0L, GraphBudget.DEFAULT);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
