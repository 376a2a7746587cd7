package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.StatsLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code weft fuzz} and {@code weft status} end to end: findings, resume, faults. */
class WeftFuzzTest extends CliTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private int fuzzFlagX(Path corpus, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "fuzz",
                "--main",
                "dev.weft.examples.pct.FlagX",
                "--cp",
                examples(),
                "--args",
                "10",
                "10",
                "--corpus",
                corpus.toString(),
                "--quiet"));
    args.addAll(List.of(more));
    return WeftCli.execute(args.toArray(String[]::new));
  }

  private JsonNode status(Path corpus) throws Exception {
    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).as(stderr()).isZero();
    return JSON.readTree(stdout());
  }

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      // .lock: the workers' lock on findings/, see FindingStore
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.equals(".lock"))
          .sorted()
          .toList();
    }
  }

  private static List<CorpusEntry> entries(Path corpus) throws Exception {
    List<CorpusEntry> out = new ArrayList<>();
    for (Path f : CorpusStore.entryFiles(corpus.resolve("corpus"))) {
      out.add(CorpusEntryFile.read(f));
    }
    return out;
  }

  static List<StatsLine> statsLines(Path corpus) throws Exception {
    List<StatsLine> lines = new ArrayList<>();
    for (String line : Files.readAllLines(corpus.resolve("stats.jsonl"))) {
      lines.add(StatsLine.parse(line));
    }
    return lines;
  }

  @Test
  void keepsGoingAfterItsFirstFindingAndTheSameBugAgainAddsNoFiles() throws Exception {
    Path corpus = dir.resolve("flagx");
    int code = fuzzFlagX(corpus, "--seed", "1", "--iterations", "300");
    assertThat(code).as(stderr()).isEqualTo(1);
    List<String> files = names(corpus.resolve("findings"));
    assertThat(files).hasSize(4).allMatch(n -> n.startsWith("exception-"));
    assertThat(files.get(1))
        .as("the finding as found, beside the minimised one")
        .endsWith(".orig.weft");
    Path weft = corpus.resolve("findings").resolve(files.get(3));
    Path sightings = corpus.resolve("findings").resolve(files.get(0));
    JsonNode seen = JSON.readTree(sightings.toFile());
    assertThat(seen.get("count").asLong()).as("found again in session 1").isGreaterThan(1);
    assertThat(status(corpus).get("executions").asLong()).isEqualTo(300);
    FileTime written = Files.getLastModifiedTime(weft);

    assertThat(fuzzFlagX(corpus, "--iterations", "300")).as(stderr()).isEqualTo(1);
    assertThat(names(corpus.resolve("findings"))).isEqualTo(files);
    assertThat(Files.getLastModifiedTime(weft)).isEqualTo(written);
    JsonNode again = JSON.readTree(sightings.toFile());
    assertThat(again.get("count").asLong()).isGreaterThan(seen.get("count").asLong());
    assertThat(again.get("sessions").toString()).isEqualTo("[1,2]");
    assertThat(again.get("firstSession").asInt()).isEqualTo(1);
  }

  @Test
  void stopAndResumeContinuesCountersAndCoverageExactly() throws Exception {
    Path corpus = dir.resolve("resume");
    int first =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.examples.atomicity.CircleRaceFixed",
            "--cp",
            examples(),
            "--corpus",
            corpus.toString(),
            "--seed",
            "3",
            "--iterations",
            "60",
            "--quiet");
    assertThat(first).as(stderr()).isZero();
    List<CorpusEntry> before = entries(corpus);
    JsonNode afterFirst = status(corpus);
    assertThat(afterFirst.get("executions").asLong()).isEqualTo(60);
    assertThat(afterFirst.get("corpusEntries").asInt()).isEqualTo(before.size()).isPositive();

    int second =
        WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "40", "--quiet");
    assertThat(second).as(stderr()).isZero();

    List<StatsLine> lines = statsLines(corpus);
    StatsLine stop1 =
        lines.stream().filter(l -> l.session() == 1 && l.event().equals("stop")).findFirst().get();
    StatsLine start2 =
        lines.stream().filter(l -> l.session() == 2 && l.event().equals("start")).findFirst().get();
    assertThat(start2.coverageKeys()).isEqualTo(stop1.coverageKeys()).isPositive();
    assertThat(start2.executions()).isEqualTo(60);

    List<CorpusEntry> after = entries(corpus);
    Set<Long> union = new HashSet<>();
    long total = 0;
    for (CorpusEntry e : after) {
      total += e.coverageKeys().length;
      Arrays.stream(e.coverageKeys()).forEach(union::add);
      if (e.session() == 2) {
        assertThat(e.execution()).isGreaterThan(60);
      }
    }
    assertThat(total).as("no key is new twice").isEqualTo(union.size());

    JsonNode totals = status(corpus);
    assertThat(totals.get("executions").asLong()).isEqualTo(100);
    assertThat(totals.get("sessions").asInt()).isEqualTo(2);
    assertThat(totals.get("workers").asInt()).isEqualTo(1);
    assertThat(totals.get("coverageKeys").asInt())
        .isEqualTo(union.size())
        .isEqualTo((int) lines.get(lines.size() - 1).coverageKeys());
    assertThat(totals.get("corpusEntries").asInt()).isEqualTo(after.size());
    assertThat(totals.get("findings").asInt()).isZero();
    assertThat(totals.get("seconds").asDouble()).isPositive();
  }

  @Test
  void threadBoundingIsRecordedKeptOnResumeAndDroppedWithAnotherStrategy() throws Exception {
    Path corpus = dir.resolve("bounded");
    assertThat(
            fuzzFlagX(
                corpus,
                "--seed",
                "2",
                "--iterations",
                "20",
                "--strategy",
                "pct",
                "--threads-bound",
                "1"))
        .as(stderr())
        .isIn(0, 1);
    assertThat(threadsBound(corpus)).isEqualTo(1);
    assertThat(fuzzFlagX(corpus, "--iterations", "20")).as(stderr()).isIn(0, 1);
    assertThat(threadsBound(corpus)).as("kept on resume").isEqualTo(1);
    assertThat(fuzzFlagX(corpus, "--iterations", "20", "--strategy", "segment"))
        .as(stderr())
        .isIn(0, 1);
    assertThat(threadsBound(corpus)).as("segment has no thread bound").isZero();
    Path refused = dir.resolve("refused");
    assertThat(fuzzFlagX(refused, "--strategy", "random", "--threads-bound", "1"))
        .isEqualTo(WeftCli.USAGE);
    assertThat(stderr()).contains("--threads-bound applies to pct and pctvb, not to random");
  }

  private static int threadsBound(Path corpus) throws Exception {
    return JSON.readTree(corpus.resolve("campaign.json").toFile())
        .get("options")
        .get("threadsBound")
        .asInt();
  }

  @Test
  void everyStatsLineParsesAndNoCounterGoesDown() throws Exception {
    Path corpus = dir.resolve("stats");
    fuzzFlagX(corpus, "--seed", "5", "--iterations", "50");
    fuzzFlagX(corpus, "--iterations", "50", "--strategy", "pct");
    assertThat(Files.readString(corpus.resolve("campaign.json")))
        .as("an option given on resume replaces the recorded one")
        .contains("\"strategy\" : \"pct\"");
    List<StatsLine> lines = statsLines(corpus);
    assertThat(lines)
        .extracting(StatsLine::event)
        .containsExactly("start", "stop", "start", "stop");
    for (int i = 1; i < lines.size(); i++) {
      StatsLine a = lines.get(i - 1);
      StatsLine b = lines.get(i);
      assertThat(b.executions()).isGreaterThanOrEqualTo(a.executions());
      assertThat(b.seconds()).isGreaterThanOrEqualTo(a.seconds());
      assertThat(b.coverageKeys()).isGreaterThanOrEqualTo(a.coverageKeys());
      assertThat(b.corpusEntries()).isGreaterThanOrEqualTo(a.corpusEntries());
      assertThat(b.findings()).isGreaterThanOrEqualTo(a.findings());
      assertThat(b.skipped()).isGreaterThanOrEqualTo(a.skipped());
      assertThat(b.session()).isGreaterThanOrEqualTo(a.session());
    }
    assertThat(lines.get(3).executions()).isEqualTo(100);
    long newKeys =
        lines.stream()
            .flatMap(l -> l.newKeysByStrategy().values().stream())
            .mapToLong(Long::longValue)
            .sum();
    assertThat(newKeys).isEqualTo(lines.get(3).coverageKeys());
  }

  @Test
  void aTruncatedEntryIsQuarantinedWithAWarningAndTheCampaignGoesOn() throws Exception {
    Path corpus = dir.resolve("truncated");
    fuzzFlagX(corpus, "--seed", "2", "--iterations", "30");
    Path entry = CorpusStore.entryFiles(corpus.resolve("corpus")).get(0);
    byte[] bytes = Files.readAllBytes(entry);
    Files.write(entry, Arrays.copyOf(bytes, bytes.length / 2));
    clearOutput();
    int code = WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "5");
    assertThat(code).as(stderr()).isIn(0, 1);
    assertThat(stderr())
        .contains("warning: " + entry + " cannot be read")
        .contains("truncated")
        .contains("moved to " + corpus.resolve("quarantine").resolve(entry.getFileName()));
    assertThat(entry).doesNotExist();
    assertThat(corpus.resolve("quarantine").resolve(entry.getFileName())).exists();
  }

  @Test
  void aDirectoryInUseIsRefusedAndAStaleLockIsTakenOver() throws Exception {
    Path corpus = dir.resolve("locked");
    fuzzFlagX(corpus, "--seed", "2", "--iterations", "5");
    Process owner = new ProcessBuilder("sleep", "60").start();
    try {
      Files.writeString(corpus.resolve("lock"), owner.pid() + "\n");
      clearOutput();
      assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "5"))
          .isEqualTo(2);
      assertThat(stderr()).contains("is in use by process " + owner.pid());
      assertThat(status(corpus).get("running").asBoolean()).isTrue();
    } finally {
      owner.destroy();
      owner.waitFor();
    }
    clearOutput();
    int code = WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "5");
    assertThat(code).as(stderr()).isIn(0, 1);
    assertThat(stderr()).contains("taking over the stale lock").contains("" + owner.pid());
    assertThat(corpus.resolve("lock")).doesNotExist();
    assertThat(status(corpus).get("executions").asLong()).isEqualTo(10);
  }

  @Test
  void aCorruptCampaignFileOrAnotherTargetIsAConfigurationError() throws Exception {
    Path corpus = dir.resolve("config");
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString())).isEqualTo(2);
    assertThat(stderr()).contains("holds no campaign (no campaign.json)");

    fuzzFlagX(corpus, "--seed", "2", "--iterations", "5");
    clearOutput();
    int other =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.examples.join.MissingJoin",
            "--cp",
            examples(),
            "--corpus",
            corpus.toString());
    assertThat(other).isEqualTo(2);
    assertThat(stderr())
        .contains("holds the campaign of dev.weft.examples.pct.FlagX 10 10")
        .contains("not of dev.weft.examples.join.MissingJoin");

    Path campaign = corpus.resolve("campaign.json");
    String good = Files.readString(campaign);
    Files.writeString(campaign, good.substring(0, good.length() / 2));
    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString())).isEqualTo(2);
    assertThat(stderr()).contains(campaign + " is corrupt");
    assertThat(WeftCli.execute("status", corpus.toString())).isEqualTo(2);

    Files.writeString(campaign, good.replace("\"formatVersion\" : 1", "\"formatVersion\" : 2"));
    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString())).isEqualTo(2);
    assertThat(stderr()).contains("version 2").contains("newer Weft");
  }

  /**
   * A campaign directory that cannot be written any more (a full disk; here stats.jsonl turned into
   * a directory while the session runs) stops the session with a message and exit 2, not an
   * internal error, and leaves what was written intact; one that cannot be set up at all (the
   * corpus directory is a file) is refused alike.
   */
  @Test
  void aDirectoryThatCannotBeWrittenStopsTheSessionCleanly() throws Exception {
    Path corpus = dir.resolve("full");
    AtomicInteger code = new AtomicInteger(-1);
    Thread session = new Thread(() -> code.set(fuzzFlagX(corpus, "--seed", "5", "--time", "30s")));
    session.start();
    Path stats = corpus.resolve("stats.jsonl");
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!Files.exists(stats) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    Files.delete(stats);
    Files.createDirectories(stats.resolve("blocked"));
    session.join(40_000);
    assertThat(code.get()).as(stderr()).isEqualTo(2);
    assertThat(stderr())
        .contains("weft: cannot write to the campaign directory " + corpus)
        .contains("everything written before is intact")
        .doesNotContain("internal error")
        .doesNotContain("\tat ");
    for (Path entry : CorpusStore.entryFiles(corpus.resolve("corpus"))) {
      CorpusEntryFile.read(entry); // whole, not cut
    }

    Path other = dir.resolve("unusable");
    Files.createDirectories(other);
    Files.writeString(other.resolve("corpus"), "not a directory");
    clearOutput();
    assertThat(fuzzFlagX(other, "--iterations", "3")).isEqualTo(2);
    assertThat(stderr()).contains("weft: cannot use the campaign directory " + other);
  }

  /**
   * The race oracle's mode is a campaign option like any other: recorded, kept on resume, replaced
   * when given; a race finding's report carries the stacks of both calls.
   */
  @Test
  void racesAreACampaignOptionAndRaceReportsCarryBothStacks() throws Exception {
    Path corpus = dir.resolve("races");
    String[] target = {
      "fuzz",
      "--main",
      "dev.weft.examples.juc.SleepOrdering",
      "--cp",
      examples(),
      "--corpus",
      corpus.toString(),
      "--quiet",
      "--iterations",
      "20"
    };
    List<String> off = new ArrayList<>(List.of(target));
    off.addAll(List.of("--seed", "4", "--races", "off"));
    WeftCli.execute(off.toArray(String[]::new));
    assertThat(Files.readString(corpus.resolve("campaign.json"))).contains("\"races\" : \"off\"");
    assertThat(names(corpus.resolve("findings"))).noneMatch(n -> n.startsWith("race-"));

    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "20"))
        .as(stderr())
        .isIn(0, 1);
    assertThat(names(corpus.resolve("findings"))).noneMatch(n -> n.startsWith("race-"));

    clearOutput();
    int code =
        WeftCli.execute(
            "fuzz", "--corpus", corpus.toString(), "--iterations", "20", "--races", "jdk");
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(Files.readString(corpus.resolve("campaign.json"))).contains("\"races\" : \"jdk\"");
    Path report =
        corpus
            .resolve("findings")
            .resolve(
                names(corpus.resolve("findings")).stream()
                    .filter(n -> n.startsWith("race-") && n.endsWith(".txt"))
                    .findFirst()
                    .orElseThrow());
    assertThat(Files.readString(report))
        .contains("Data race on a java.util.HashMap")
        .contains("at dev.weft.examples.juc.SleepOrdering.load(SleepOrdering.java:")
        .contains("at dev.weft.examples.juc.SleepOrdering.read(SleepOrdering.java:");

    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--races", "all"))
        .isEqualTo(2);
    assertThat(stderr()).contains("unknown race mode 'all' (expected off, jdk or fields)");
  }

  /**
   * A campaign's JVM killed with SIGKILL mid-run leaves a lock of a dead process, possibly a
   * temporary file, and counters behind its entries; the next session takes the lock over and
   * continues after the last entry, with no key new twice.
   */
  @Test
  void aCampaignKilledMidRunResumes() throws Exception {
    Path corpus = dir.resolve("killed");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                "-Djdk.attach.allowAttachSelf=true",
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                "dev.weft.examples.atomicity.CircleRace",
                "--cp",
                examples(),
                "--corpus",
                corpus.toString(),
                "--seed",
                "8",
                "--time",
                "60s",
                "--quiet")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.log").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (CorpusStore.entryFiles(corpus.resolve("corpus")).size() < 2
          && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      Thread.sleep(300);
    } finally {
      child.destroyForcibly();
      child.waitFor();
    }
    List<CorpusEntry> before = entries(corpus);
    assertThat(before).as(Files.readString(dir.resolve("child.log"))).hasSizeGreaterThan(1);
    assertThat(corpus.resolve("lock")).exists();
    long lastExecution = before.stream().mapToLong(CorpusEntry::execution).max().getAsLong();

    clearOutput();
    int code = WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--iterations", "20");
    assertThat(code).as(stderr()).isIn(0, 1);
    assertThat(stderr()).contains("taking over the stale lock").contains("" + child.pid());
    StatsLine start2 =
        statsLines(corpus).stream()
            .filter(l -> l.session() == 2 && l.event().equals("start"))
            .findFirst()
            .get();
    assertThat(start2.executions()).isGreaterThanOrEqualTo(lastExecution);
    Set<Long> union = new HashSet<>();
    long total = 0;
    for (CorpusEntry e : entries(corpus)) {
      total += e.coverageKeys().length;
      Arrays.stream(e.coverageKeys()).forEach(union::add);
      if (e.session() == 2) {
        assertThat(e.execution()).isGreaterThan(start2.executions());
      }
    }
    assertThat(total).as("no key is new twice").isEqualTo(union.size());
    assertThat(status(corpus).get("executions").asLong()).isEqualTo(start2.executions() + 20);
  }
}
