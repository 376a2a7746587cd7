package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.jdk.AsyncTallies;
import dev.weft.targets.jdk.BufferedSinkDeadlock;
import dev.weft.targets.jdk.ClientHits;
import dev.weft.targets.jdk.EphemeralListeners;
import dev.weft.targets.jdk.HttpHits;
import dev.weft.targets.jdk.HttpHitsLocked;
import dev.weft.targets.jdk.LockedQueueSizeBound;
import dev.weft.targets.jdk.ObservedFeed;
import dev.weft.targets.jdk.ParallelAtomicSum;
import dev.weft.targets.jdk.ParallelSum;
import dev.weft.targets.jdk.PipedPair;
import dev.weft.targets.jdk.QueueSizeBound;
import dev.weft.targets.jdk.TokenSearch;
import dev.weft.targets.jdk.UrlHits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code --jdk instrumented}: the JDK's own monitors, waits and notifications run under Weft's
 * control, so a JDK class's {@code synchronized} method excludes the program's own, a wait inside
 * {@code java.io} hands the turn on instead of blocking the run, and a lock-order cycle through a
 * JDK class's lock is a deadlock finding that replays, and a parallel stream's tasks run on the
 * run's controlled workers, not on threads the JDK starts, and a lock-free queue's {@code size()}
 * is as weakly consistent as on a JVM. Each run is in a child JVM given the instrumented {@code
 * java.base}, built once into a cache folder of this test.
 */
class WeftInsideJdkTest extends CliTestSupport {
  private static final Path CACHE =
      Path.of("target", "weft-cache-" + ProcessHandle.current().pid());

  @BeforeAll
  static void ownCache() {
    System.setProperty("weft.cache", CACHE.toAbsolutePath().toString());
  }

  @AfterAll
  static void forgetCache() {
    System.clearProperty("weft.cache");
  }

  private int run(Path out, Class<?> main, int iterations, String... args) {
    return runTarget(out, main, iterations, List.of("--jdk", "instrumented"), args);
  }

  /** Replays the campaign's one finding in {@code out}: the same failure, reproduced. */
  private void assertTheFindingReplays(Path out) throws Exception {
    Path finding;
    try (Stream<Path> files = Files.list(out)) {
      finding =
          files
              .filter(p -> p.toString().endsWith(".weft") && !p.toString().endsWith(".orig.weft"))
              .findFirst()
              .orElseThrow();
    }
    clearOutput();
    assertThat(WeftCli.execute("replay", finding.toString())).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");
  }

  @Test
  void aJdkSynchronizedMethodExcludesTheProgramsOwnOnTheSameObject() throws Exception {
    Path out = dir.resolve("feed");
    assertThat(run(out, ObservedFeed.class, 100)).as(stdout() + stderr()).isZero();
    String summary = Files.readString(out.resolve("summary.json"));
    assertThat(summary).contains("\"executions\": 100").contains("\"skipped\": 0");
    assertThat(summary).contains("-Dweft.jdk=instrumented");
    try (Stream<Path> cached = Files.list(CACHE)) {
      Path folder =
          cached
              .filter(p -> p.getFileName().toString().startsWith("jdk-"))
              .findFirst()
              .orElseThrow();
      assertThat(folder.resolve("complete")).exists();
      assertThat(folder.resolve("java.base/jdk/internal/weft/Bridge.class")).exists();
      assertThat(folder.resolve("java.base/java/util/Observable.class")).exists();
    }
  }

  @Test
  void aPipeWhoseEndsWaitInsideTheJdkRunsEveryExecutionToItsEnd() throws Exception {
    Path out = dir.resolve("pipe");
    assertThat(run(out, PipedPair.class, 200)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 200")
        .contains("\"skipped\": 0");
  }

  /** A campaign records the choice, and its worker JVM runs with the instrumented JDK too. */
  @Test
  void aFuzzCampaignRecordsTheInstrumentedJdkAndItsWorkerRunsWithIt() throws Exception {
    Path corpus = dir.resolve("campaign");
    int code =
        WeftCli.execute(
            "fuzz",
            "--jdk",
            "instrumented",
            "--main",
            PipedPair.class.getName(),
            "--cp",
            targets(),
            "--corpus",
            corpus.toString(),
            "--iterations",
            "150");
    assertThat(code).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(corpus.resolve("campaign.json")))
        .contains("\"-Dweft.jdk=instrumented\"");
    assertThat(stderr()).doesNotContain("could not be stopped").doesNotContain("skipped");
    try (Stream<Path> findings = Files.list(corpus.resolve("findings"))) {
      assertThat(findings.filter(p -> p.toString().endsWith(".weft"))).isEmpty();
    }
  }

  @Test
  void aLockOrderDeadlockThroughAJdkClassesLockIsFoundAndReplays() throws Exception {
    Path out = dir.resolve("deadlock");
    assertThat(run(out, BufferedSinkDeadlock.class, 2000)).as(stdout() + stderr()).isEqualTo(1);
    Path weft = findingFile(out);
    assertThat(weft.getFileName().toString()).startsWith("deadlock-");
    assertThat(report(weft))
        .contains("JVM options: -Dweft.jdk=instrumented")
        .contains("at BufferedWriter.flush(BufferedWriter.java");

    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");
    assertThat(stderr()).doesNotContain("instrumenting the JDK"); // built once, then cached
  }

  @Test
  void aParallelStreamsWorkersRaceUnderControlAndTheLostUpdateReplays() throws Exception {
    Path out = dir.resolve("parallel");
    assertThat(run(out, ParallelSum.class, 200)).as(stdout() + stderr()).isEqualTo(1);
    String summary = Files.readString(out.resolve("summary.json"));
    assertThat(summary).contains("\"skipped\": 0");
    assertThat(stdout()).containsPattern("FOUND assertion at execution \\d\\b");
    Path weft = findingFile(out);
    assertThat(report(weft)).contains("the sum of 1..4 came out as").contains("commonPool-worker-");

    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");
  }

  @Test
  void aParallelStreamWithAnAtomicTotalIsQuietAndNoRunIsSkipped() throws Exception {
    Path out = dir.resolve("parallel-atomic");
    assertThat(run(out, ParallelAtomicSum.class, 200)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 200")
        .contains("\"skipped\": 0");
  }

  @Test
  void aProgramCountingOnMoreThanATransferQueuesSizeFails() throws Exception {
    Path out = dir.resolve("transfer-size");
    assertThat(run(out, QueueSizeBound.class, 1000, "transfer"))
        .as(stdout() + stderr())
        .isEqualTo(1);
    assertThat(report(findingFile(out)))
        .contains("size() counted 2 though the queue never held more than one element")
        .contains("LinkedTransferQueue.java:");
  }

  @Test
  void aWalkOfAConcurrentMapMissesAMovingTokenAndTheSynchronizedMapDoesNot() throws Exception {
    Path hash = dir.resolve("hash-walk");
    assertThat(run(hash, TokenSearch.class, 1000, "hash")).as(stdout() + stderr()).isEqualTo(1);
    assertThat(report(findingFile(hash)))
        .contains("containsValue missed the token")
        .contains("ConcurrentHashMap.java:");
    assertTheFindingReplays(hash);

    clearOutput();
    Path skipList = dir.resolve("skiplist-walk");
    assertThat(run(skipList, TokenSearch.class, 1000, "skiplist"))
        .as(stdout() + stderr())
        .isEqualTo(1);
    assertThat(report(findingFile(skipList))).contains("ConcurrentSkipListMap.java:");

    clearOutput();
    Path locked = dir.resolve("locked-walk");
    assertThat(run(locked, TokenSearch.class, 300, "locked")).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(locked.resolve("summary.json"))).contains("\"skipped\": 0");
  }

  @Test
  void aProgramCountingOnMoreThanALockFreeQueuesSizeFailsAndTheLockedTwinIsQuiet()
      throws Exception {
    Path out = dir.resolve("queue-size");
    assertThat(run(out, QueueSizeBound.class, 1000)).as(stdout() + stderr()).isEqualTo(1);
    Path weft = findingFile(out);
    assertThat(report(weft))
        .contains("size() counted 2 though the queue never held more than one element")
        .contains("ConcurrentLinkedQueue.java:");
    clearOutput();
    assertThat(WeftCli.execute("replay", weft.toString())).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("REPRODUCED");

    clearOutput();
    Path locked = dir.resolve("locked-queue-size");
    assertThat(run(locked, LockedQueueSizeBound.class, 1000)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(locked.resolve("summary.json"))).contains("\"skipped\": 0");
  }

  @Test
  void aRunsEphemeralListenersGetWeftsPortsSoEveryRunRepeats() throws Exception {
    Path out = dir.resolve("ports");
    assertThat(run(out, EphemeralListeners.class, 30)).as(stdout() + stderr()).isZero();
    String summary = Files.readString(out.resolve("summary.json"));
    assertThat(summary).contains("\"executions\": 30").contains("\"skipped\": 0");
    assertThat(stdout() + stderr()).doesNotContain("did not repeat");
  }

  @Test
  void theJdksHttpServerRunsUnderControlSoAHandlersRaceIsFoundAndReplays() throws Exception {
    Path out = dir.resolve("http");
    assertThat(run(out, HttpHits.class, 200)).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("FOUND").contains("HashMap").contains("HttpHits.java");
    String summary = Files.readString(out.resolve("summary.json"));
    assertThat(summary).contains("\"skipped\": 0");
    assertTheFindingReplays(out);
  }

  @Test
  void theJdksHttpServerWithALockedCountIsQuiet() throws Exception {
    Path out = dir.resolve("http-locked");
    assertThat(run(out, HttpHitsLocked.class, 100)).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 100")
        .contains("\"skipped\": 0");
  }

  @Test
  void theJdksUrlClientsOverKeptAliveConnectionsRunUnderControlAndTheRaceReplays()
      throws Exception {
    Path out = dir.resolve("url");
    assertThat(run(out, UrlHits.class, 100)).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("FOUND").contains("HashMap").contains("UrlHits.java");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"skipped\": 0");
    assertTheFindingReplays(out);
  }

  @Test
  void theJdksUrlClientsWithALockedCountAreQuiet() throws Exception {
    Path out = dir.resolve("url-locked");
    assertThat(run(out, UrlHits.class, 40, "locked")).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 40")
        .contains("\"skipped\": 0");
  }

  @Test
  void theJdksHttpClientRunsUnderControlSoAHandlersRaceIsFoundAndReplays() throws Exception {
    Path out = dir.resolve("client");
    assertThat(run(out, ClientHits.class, 100)).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("FOUND").contains("HashMap").contains("ClientHits.java");
    assertTheFindingReplays(out);
  }

  @Test
  void theJdksHttpClientWithALockedCountIsQuiet() throws Exception {
    Path out = dir.resolve("client-locked");
    assertThat(run(out, ClientHits.class, 40, "locked")).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"executions\": 40");
  }

  @Test
  void callbacksTheHttpClientRunsOnTheDefaultPoolAreControlledAndTheirLostUpdateReplays()
      throws Exception {
    Path out = dir.resolve("async");
    assertThat(run(out, AsyncTallies.class, 200)).as(stdout() + stderr()).isEqualTo(1);
    assertThat(stdout()).contains("FOUND").contains("tallied 3 bytes of 6");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"skipped\": 0");
    assertTheFindingReplays(out);
  }

  @Test
  void callbacksTallyingInAnAtomicAreQuiet() throws Exception {
    Path out = dir.resolve("async-atomic");
    assertThat(run(out, AsyncTallies.class, 40, "atomic")).as(stdout() + stderr()).isZero();
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("\"executions\": 40")
        .contains("\"skipped\": 0");
  }
}
