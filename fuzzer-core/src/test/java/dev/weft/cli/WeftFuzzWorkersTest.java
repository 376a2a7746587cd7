package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.StatsLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code weft fuzz --workers N}: worker JVMs sharing one campaign directory. */
class WeftFuzzWorkersTest extends CliTestSupport {

  /**
   * Two workers on a bundled bug: both write entries, the campaign's coverage is the union of
   * theirs, each bug is one set of files whose count adds up both workers' sightings, and a worker
   * killed with SIGKILL mid-session is replaced, said, and its replacement goes on in the same
   * session.
   */
  @Test
  void twoWorkersShareTheCampaignAndAKilledWorkerIsReplaced() throws Exception {
    Path corpus = dir.resolve("pool");
    AtomicInteger code = new AtomicInteger(-1);
    Thread pool =
        new Thread(
            () ->
                code.set(
                    WeftCli.execute(
                        "fuzz",
                        "--main",
                        "dev.weft.examples.juc.BoundedBufferIf",
                        "--cp",
                        examples(),
                        "--corpus",
                        corpus.toString(),
                        "--seed",
                        "7",
                        // a budget of executions, not of time: at load 8-21 a worker JVM took so
                        // long to start that a 16 s session was nearly over before worker 1 wrote
                        // a line, and it then ended before the kill (no "worker 1 was killed");
                        // 3,000 executions keep worker 1 and its replacement busy however slow
                        "--iterations",
                        "3000",
                        "--workers",
                        "2")));
    pool.start();
    // worker 1 is killed as soon as it has begun (its start line): its share is then all to do
    long deadline = System.nanoTime() + 180_000_000_000L;
    while (System.nanoTime() < deadline
        && (!Files.exists(corpus.resolve("stats.jsonl"))
            || WeftFuzzTest.statsLines(corpus).stream()
                .noneMatch(l -> l.worker() == 1 && l.event().equals("start")))) {
      Thread.sleep(50);
    }
    Optional<ProcessHandle> worker1 =
        ProcessHandle.current()
            .descendants()
            .filter(
                p -> p.info().arguments().map(a -> List.of(a).contains("--worker")).orElse(false))
            .filter(p -> p.info().commandLine().map(c -> c.contains("--worker 1 ")).orElse(false))
            .findFirst();
    assertThat(worker1).as(stderr()).isPresent();
    worker1.get().destroyForcibly();
    pool.join(300_000);

    assertThat(code.get()).as(stderr()).isEqualTo(1);
    assertThat(stderr())
        .contains("2 workers")
        .contains("worker 1 was killed (signal 9); starting a new one in its place (replacement 1)")
        .contains("[weft w");
    assertThat(stdout())
        .contains("session 1 done with 2 workers (1 replaced)")
        .contains("[weft w"); // the workers' findings, on standard output as a single JVM's are
    List<StatsLine> lines = WeftFuzzTest.statsLines(corpus);
    assertThat(lines).allMatch(l -> l.session() == 1);
    assertThat(lines.stream().filter(l -> l.worker() == 1 && l.event().equals("start"))).hasSize(2);
    assertThat(lines.stream().filter(l -> l.event().equals("stop")).map(StatsLine::worker))
        .containsExactlyInAnyOrder(0, 1);

    Set<Integer> makers = new HashSet<>();
    Set<Long> union = new HashSet<>();
    List<Integer> nonPreemptive = new java.util.ArrayList<>();
    for (Path f : CorpusStore.entryFiles(corpus.resolve("corpus"))) {
      CorpusEntry e = CorpusEntryFile.read(f);
      makers.add(e.worker());
      if (e.strategy().equals("first")) {
        nonPreemptive.add(e.worker());
      }
      for (long k : e.coverageKeys()) {
        union.add(k);
      }
    }
    assertThat(makers).containsExactlyInAnyOrder(0, 1);
    // only worker 0 makes the non-preemptive run (the others would repeat it); worker 0 skips it
    // too when its session starts after worker 1 wrote entries (it then has seeds), and its keys
    // may be covered by entries it imported first: on a loaded 2-core machine it was missing in one
    // run of the suite of about eight
    assertThat(nonPreemptive).allMatch(w -> w == 0);

    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).isZero();
    assertThat(stdout())
        .contains("\"coverageKeys\": " + union.size() + ",")
        .contains("\"workers\": 2,")
        .contains("\"sessions\": 1,");

    List<String> reports;
    try (Stream<Path> files = Files.list(corpus.resolve("findings"))) {
      reports = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).toList();
    }
    assertThat(reports).isNotEmpty();
    long sightings = 0;
    for (String r : reports) {
      String json =
          Files.readString(corpus.resolve("findings").resolve(r.replace(".txt", ".json")));
      sightings += Long.parseLong(json.replaceAll("(?s).*\"count\" : (\\d+).*", "$1"));
    }
    long lastFindings = lines.stream().mapToLong(StatsLine::findings).max().orElse(0);
    assertThat((long) reports.size()).isEqualTo(lastFindings);
    assertThat(sightings).isGreaterThan(reports.size());
  }

  /**
   * A target thread stuck inside the JDK cannot be stopped: its worker JVM stops and is replaced by
   * a fresh one, never left burning a core, and a worker that keeps ending at once is given up with
   * a message. The hang is one finding however many workers and JVMs saw it.
   */
  @Test
  void aWorkerWhoseTargetCannotBeStoppedIsReplacedThenGivenUp() throws Exception {
    Path corpus = dir.resolve("stuck");
    int code =
        WeftCli.execute(
            "fuzz",
            "--main",
            "dev.weft.targets.cli.StuckInJdkCode",
            "--cp",
            targets(),
            "--corpus",
            corpus.toString(),
            "--time",
            "60s",
            "--run-timeout",
            "2s",
            "--workers",
            "2");
    assertThat(code).as(stderr()).isEqualTo(1);
    assertThat(stderr())
        .contains(
            "worker 0 stopped: a target thread could not be stopped; starting a new one in its"
                + " place (replacement 1)")
        .contains(
            "worker 1 stopped: a target thread could not be stopped; starting a new one in its"
                + " place (replacement 1)");
    // each worker is replaced twice and then given up, its JVMs having made one run each, however
    // long they took; on a loaded machine three worker JVMs may take longer than the minute to
    // start, run and stop (at load 10, half a minute each), and the campaign's minute is then over
    // first: each worker replaced at least once either way, and never a worker that stopped for
    // another reason
    java.util.regex.Matcher replaced =
        java.util.regex.Pattern.compile("with 2 workers \\((\\d+) replaced\\)").matcher(stdout());
    assertThat(replaced.find()).as(stdout()).isTrue();
    assertThat(Integer.parseInt(replaced.group(1))).isGreaterThanOrEqualTo(2);
    assertThat(stderr().lines().filter(l -> l.contains("] worker ") && l.contains(" stopped: ")))
        .allMatch(l -> l.contains("a target thread could not be stopped"));
    try (Stream<Path> files = Files.list(corpus.resolve("findings"))) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".weft")))
          .singleElement()
          .asString()
          .startsWith("hang-");
    }
  }

  /**
   * SIGTERM (Ctrl-C) to the pool's process stops every worker, each writing its stop line, and the
   * pool prints the campaign's totals and the resume command before its JVM ends.
   */
  @Test
  void sigtermStopsEveryWorkerAndThePoolPrintsItsSummary() throws Exception {
    Path corpus = dir.resolve("terminated");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process parent =
        new ProcessBuilder(
                java,
                "-Djdk.attach.allowAttachSelf=true",
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                "dev.weft.examples.juc.BoundedBufferIfFixed",
                "--cp",
                examples(),
                "--corpus",
                corpus.toString(),
                "--workers",
                "2",
                "--quiet")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("pool.log").toFile())
            .start();
    long deadline = System.nanoTime() + 180_000_000_000L;
    while (System.nanoTime() < deadline
        && (!Files.exists(corpus.resolve("stats.jsonl"))
            || WeftFuzzTest.statsLines(corpus).stream()
                    .filter(l -> l.event().equals("start"))
                    .count()
                < 2)) {
      Thread.sleep(100);
    }
    parent.toHandle().destroy();
    assertThat(parent.waitFor(180, TimeUnit.SECONDS)).isTrue();
    String log = Files.readString(dir.resolve("pool.log"));
    assertThat(log)
        .contains("session 1 done with 2 workers")
        .contains("resume with: weft fuzz --corpus " + corpus);
    assertThat(
            WeftFuzzTest.statsLines(corpus).stream()
                .filter(l -> l.event().equals("stop"))
                .map(StatsLine::worker))
        .as(log)
        .containsExactlyInAnyOrder(0, 1);
  }

  @Test
  void theWorkerOptionIsRefusedWhenNoPoolHoldsTheCampaign() throws Exception {
    Path corpus = dir.resolve("single");
    WeftCli.execute(
        "fuzz",
        "--main",
        "dev.weft.examples.pct.FlagX",
        "--cp",
        examples(),
        "--args",
        "4",
        "4",
        "--corpus",
        corpus.toString(),
        "--iterations",
        "3",
        "--quiet");
    clearOutput();
    int code =
        WeftCli.execute(
            "fuzz",
            "--corpus",
            corpus.toString(),
            "--worker",
            "1",
            "--session",
            "2",
            "--pool-parent",
            "1");
    assertThat(code).isEqualTo(2);
    assertThat(stderr()).contains("give --workers N");
    clearOutput();
    assertThat(WeftCli.execute("fuzz", "--corpus", corpus.toString(), "--workers", "0"))
        .isEqualTo(2);
    assertThat(stderr()).contains("--workers must be at least 1");
  }
}
