package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.campaign.StatsLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code weft fuzz --cluster}: members in JVMs of their own on this machine (loopback, a fixed port
 * range), each with its own campaign directory, sharing one cluster.
 */
class WeftClusterTest extends CliTestSupport {
  private static final String ONE_BUG = "dev.weft.examples.juc.ExecutorLostUpdate";
  private static final String CORRECT = "dev.weft.examples.juc.BoundedBufferIfFixed";
  private static final String OTHER_TARGET = "dev.weft.examples.juc.ExecutorLostUpdateFixed";

  /** A correct program whose coverage keeps growing for minutes: every member keeps finding. */
  private static final String GROWING = "dev.weft.examples.bench.StripedMap";

  /**
   * The members write a stats line every second instead of every five: the tests wait for lines
   * that show the cluster (its members, entries taken in and given), and each such wait took up to
   * five seconds more with the usual lines.
   */
  private static final String STATS_EVERY_SECOND = "-Dweft.statsMillis=1000";

  /**
   * The JDK's own classes as models, as the suite's JVMs have them: with the instrumented JDK (the
   * default) each member's worker JVM starts with the rewritten {@code java.base}, which a loaded
   * machine takes longer to start; what these tests check is the cluster, the same either way.
   */
  private static final String JDK_AS_MODELS = "-Dweft.jdk.default=models";

  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void endMembers() throws InterruptedException {
    for (Process p : started) {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String join(int... ports) {
    List<String> addresses = new ArrayList<>();
    for (int p : ports) {
      addresses.add("127.0.0.1:" + p);
    }
    return String.join(",", addresses);
  }

  /** Starts {@code weft fuzz} in a JVM of its own; its output goes to {@code NAME.log}. */
  private Process member(String name, String main, String time, int port, String join)
      throws IOException {
    return member(name, main, time, port, join, 1);
  }

  private Process member(String name, String main, String time, int port, String join, int workers)
      throws IOException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                java(),
                // members on one machine must not pin their carriers to the same processor
                "-Dweft.carrierCpu=off",
                STATS_EVERY_SECOND,
                JDK_AS_MODELS,
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                main,
                "--cp",
                examples(),
                "--corpus",
                dir.resolve(name).toString(),
                "--time",
                time,
                "--status",
                "lines",
                "--no-minimize",
                "--workers",
                Integer.toString(workers)));
    if (port > 0) {
      cmd.addAll(List.of("--cluster", "test", "--member-port", Integer.toString(port)));
      cmd.addAll(List.of("--join", join));
    }
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + ".log").toFile())
            .start();
    started.add(p);
    return p;
  }

  private String log(String name) throws IOException {
    return Files.readString(dir.resolve(name + ".log"));
  }

  private List<StatsLine> stats(String name) throws Exception {
    Path file = dir.resolve(name).resolve("stats.jsonl");
    return Files.exists(file) ? WeftFuzzTest.statsLines(dir.resolve(name)) : List.of();
  }

  private StatsLine last(String name) throws Exception {
    List<StatsLine> lines = stats(name);
    assertThat(lines).as(name + "'s stats lines").isNotEmpty();
    return lines.get(lines.size() - 1);
  }

  /** Waits (at most two minutes: the machine may be loaded) until {@code done} holds. */
  private static void await(Predicate<Void> done) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!done.test(null) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
  }

  private boolean seesMembers(String name, int members) {
    try {
      return stats(name).stream()
          .anyMatch(l -> l.cluster() != null && l.cluster().members() >= members);
    } catch (Exception e) {
      return false;
    }
  }

  private static long findingFiles(Path findings) throws IOException {
    if (!Files.isDirectory(findings)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(findings)) {
      return files
          .filter(p -> p.toString().endsWith(".weft") && !FindingFiles.isOriginal(p))
          .count();
    }
  }

  /** Whether every member's newest line shows three members seen and entries both ways. */
  /**
   * Whether every member saw the three and took part, and entries of at least two members went to
   * the others (both ways). A member whose runs found only what others had already published
   * exports nothing: entries are taken in as soon as they are announced.
   */
  private boolean sharing(List<String> members) {
    try {
      int exporters = 0;
      for (String m : members) {
        List<StatsLine> lines = stats(m);
        StatsLine.Cluster c = lines.isEmpty() ? null : lines.get(lines.size() - 1).cluster();
        if (c == null || c.membersSeen() < 3 || c.importedEntries() + c.exportedEntries() == 0) {
          return false;
        }
        if (c.exportedEntries() > 0) {
          exporters++;
        }
      }
      return exporters >= 2;
    } catch (Exception e) {
      return false;
    }
  }

  private long logsSaying(List<String> members, String text) {
    return members.stream()
        .filter(
            m -> {
              try {
                return log(m).contains(text);
              } catch (IOException e) {
                return false;
              }
            })
        .count();
  }

  /**
   * Three members that all run into the same bug: each sees the three, each takes in entries the
   * others found and gives its own, and the bug is written once in the whole cluster, by the member
   * that claimed it first, whose count holds the others' sightings too. They fuzz until that is so
   * (a loaded machine makes it slow), then are stopped.
   */
  @Test
  void threeMembersShareEntriesBothWaysAndWriteTheirOneBugOnce() throws Exception {
    int[] ports = {25701, 25702, 25703};
    String all = join(ports);
    List<String> names = List.of("a", "b", "c");
    List<Process> members = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      members.add(member(names.get(i), ONE_BUG, "300s", ports[i], all));
    }
    await(
        x ->
            sharing(names)
                && logsSaying(names, "found first and writes") == 2
                && sightingsElsewhere(names) >= 2);
    for (Process p : members) {
      p.destroy();
    }
    for (Process p : members) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    long written = 0;
    int exporters = 0;
    for (String m : names) {
      assertThat(log(m)).contains("session 1 done", "cluster: test, members");
      StatsLine.Cluster cluster = last(m).cluster();
      assertThat(cluster).as(m + "'s cluster").isNotNull();
      assertThat(cluster.membersSeen()).as(m + ": members seen").isEqualTo(3);
      assertThat(cluster.importedEntries() + cluster.exportedEntries())
          .as(m + ": entries imported or exported")
          .isPositive();
      if (cluster.exportedEntries() > 0) {
        exporters++;
      }
      assertThat(CorpusFiles.count(dir.resolve(m).resolve("cluster")))
          .as(m + ": entries of the others kept in its directory")
          .isEqualTo(cluster.importedEntries());
      written += findingFiles(dir.resolve(m).resolve("findings"));
    }
    assertThat(exporters).as("members whose entries went to the others").isGreaterThanOrEqualTo(2);
    assertThat(written).as("finding files across the three directories").isEqualTo(1);
    // the two that found it after the writer each saw it at least once: their sightings are in the
    // writer's count (kept apart as 'elsewhere'), on top of its own one at least
    JsonNode counted = writersSightings(names);
    assertThat(counted.path("elsewhere").asLong())
        .as("sightings on the other members")
        .isGreaterThanOrEqualTo(2);
    assertThat(counted.path("count").asLong())
        .as("the cluster's count")
        .isGreaterThanOrEqualTo(counted.path("elsewhere").asLong() + 1);
    assertThat(logsSaying(names, "found first and writes"))
        .as("members that found it after another")
        .isEqualTo(2);
    assertThat(statusOf("a"))
        .containsPattern("cluster: test, members [0-9] \\(seen 3\\), entries imported [1-9]");
    for (String m : names) {
      // the keys of the entries it took in are covered there too: its status counts them as well
      assertThat(statusKeys(m)).as(m + "'s status").isEqualTo(consoleKeys(m)).isPositive();
    }
  }

  /** The coverage keys of a member's campaign as its console said at the end of its session. */
  private long consoleKeys(String name) throws IOException {
    Matcher m =
        Pattern.compile("the campaign: [0-9,]+ executions, ([0-9,]+) coverage keys")
            .matcher(log(name));
    assertThat(m.find()).as(name + "'s summary").isTrue();
    return Long.parseLong(m.group(1).replace(",", ""));
  }

  /** The coverage keys {@code weft status --json} shows for a member's campaign. */
  private long statusKeys(String name) throws IOException {
    clearOutput();
    WeftCli.execute("status", "--json", dir.resolve(name).toString());
    return new ObjectMapper().readTree(stdout()).path("coverageKeys").asLong(-1);
  }

  /**
   * Two members run into the same bug, which one of them writes; both are stopped, and started
   * again on their directories: the cluster's claims went with its members, but the other one knows
   * the bug as the writer's from its directory (and the writer puts its findings back into the new
   * cluster's claims), so it only counts it, and the finding is written once across the two
   * directories.
   */
  @Test
  void aFindingWrittenBeforeTheWholeClusterRestartsIsNotWrittenAgain() throws Exception {
    int[] ports = {25751, 25752};
    String all = join(ports);
    List<String> names = List.of("a", "b");
    List<Process> first =
        List.of(
            member("a", ONE_BUG, "300s", ports[0], all),
            member("b", ONE_BUG, "300s", ports[1], all));
    await(x -> logsSaying(names, "found first and writes") == 1 && logsSaying(names, "FOUND") == 1);
    for (Process p : first) {
      p.destroy();
    }
    for (Process p : first) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(logsSaying(names, "FOUND")).as("members that wrote the bug").isEqualTo(1);
    String writer = log("a").contains("FOUND") ? "a" : "b";
    String other = writer.equals("a") ? "b" : "a";
    assertThat(findingFiles(dir.resolve(writer).resolve("findings"))).isEqualTo(1);
    assertThat(findingFiles(dir.resolve(other).resolve("findings"))).isZero();

    Process otherAgain = resume(other, other + "-again", "300s");
    Process writerAgain = resume(writer, writer + "-again", "300s");
    List<String> otherLog = List.of(other + "-again");
    await(
        x ->
            logsSaying(otherLog, "found first and writes") + logsSaying(otherLog, "FOUND") > 0
                && seesMembersInSession(writer, 2, 2));
    otherAgain.destroy();
    writerAgain.destroy();
    for (Process p : List.of(otherAgain, writerAgain)) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(log(other + "-again"))
        .as("the other member, restarted")
        .contains("found first and writes")
        .doesNotContain("FOUND");
    assertThat(seesMembersInSession(writer, 2, 2)).as(log(writer + "-again")).isTrue();
    assertThat(findingFiles(dir.resolve(writer).resolve("findings"))).isEqualTo(1);
    assertThat(findingFiles(dir.resolve(other).resolve("findings")))
        .as("finding files in the other member's directory")
        .isZero();
  }

  /** The sightings the one finding written in the cluster shows ({@code findings/*.json}). */
  private JsonNode writersSightings(List<String> members) throws IOException {
    for (String m : members) {
      Path findings = dir.resolve(m).resolve("findings");
      if (!Files.isDirectory(findings)) {
        continue;
      }
      try (Stream<Path> files = Files.list(findings)) {
        for (Path json : files.filter(p -> p.toString().endsWith(".json")).toList()) {
          return new ObjectMapper().readTree(Files.readString(json));
        }
      }
    }
    return new ObjectMapper().createObjectNode();
  }

  private long sightingsElsewhere(List<String> members) {
    try {
      return writersSightings(members).path("elsewhere").asLong();
    } catch (IOException e) {
      return 0;
    }
  }

  private String statusOf(String name) {
    clearOutput();
    WeftCli.execute("status", dir.resolve(name).toString());
    return stdout();
  }

  /**
   * A member killed outright (SIGKILL: no hook runs, it says nothing) leaves the two others
   * fuzzing: they notice it is gone, go on, and end with their summaries when stopped.
   */
  @Test
  void aKilledMemberLeavesTheOthersEndingNormally() throws Exception {
    int[] ports = {25711, 25712, 25713};
    String all = join(ports);
    Process a = member("a", CORRECT, "300s", ports[0], all);
    Process b = member("b", CORRECT, "300s", ports[1], all);
    Process c = member("c", CORRECT, "300s", ports[2], all);
    await(x -> seesMembers("a", 3) && seesMembers("b", 3));
    assertThat(seesMembers("a", 3)).as("a saw three members").isTrue();
    c.destroyForcibly();
    assertThat(c.waitFor(10, TimeUnit.SECONDS)).isTrue();
    long executionsAtKill = last("a").executions();
    await(x -> fuzzingWithTwo("a", executionsAtKill) && fuzzingWithTwo("b", 0));
    assertThat(fuzzingWithTwo("a", executionsAtKill))
        .as("a fuzzes on with two members after the kill")
        .isTrue();
    assertThat(fuzzingWithTwo("b", 0)).as("b fuzzes on with two members").isTrue();
    // resumed with nothing but its directory, c rejoins the cluster campaign.json records
    Process again = resume("c", "c-again", "300s");
    await(x -> newestShowsMembers("a", 3) && rejoined("c-again"));
    assertThat(rejoined("c-again")).as(log("c-again")).isTrue();
    assertThat(newestShowsMembers("a", 3)).as("a sees c again").isTrue();
    a.destroy();
    b.destroy();
    again.destroy();
    for (Process p : List.of(a, b, again)) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    for (String m : List.of("a", "b")) {
      assertThat(log(m)).contains("session 1 done (interrupted)", "resume with");
      StatsLine stop = last(m);
      assertThat(stop.event()).isEqualTo("stop");
      assertThat(stop.cluster().membersSeen()).isEqualTo(3);
    }
  }

  /**
   * Resumes a member's campaign in a JVM of its own, with no option but its directory; its output
   * goes to {@code LOG.log}.
   */
  private Process resume(String name, String logName, String time) throws IOException {
    Process p =
        new ProcessBuilder(
                java(),
                "-Dweft.carrierCpu=off",
                STATS_EVERY_SECOND,
                JDK_AS_MODELS,
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--corpus",
                dir.resolve(name).toString(),
                "--time",
                time,
                "--status",
                "lines",
                "--no-minimize")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(logName + ".log").toFile())
            .start();
    started.add(p);
    return p;
  }

  /**
   * Whether a line of session {@code session} shows {@code members} members (members started at
   * once may each form a cluster of their own first, and merge within seconds).
   */
  private boolean seesMembersInSession(String name, int session, int members) {
    try {
      return stats(name).stream()
          .anyMatch(
              l ->
                  l.session() == session
                      && l.cluster() != null
                      && l.cluster().members() >= members);
    } catch (Exception e) {
      return false;
    }
  }

  /** Whether a resumed member's log says it joined the two others. */
  private boolean rejoined(String logName) {
    try {
      return log(logName).contains("joined cluster: test, members 3");
    } catch (IOException e) {
      return false;
    }
  }

  private boolean newestShowsMembers(String name, int members) {
    try {
      StatsLine l = last(name);
      return l.cluster() != null && l.cluster().members() == members;
    } catch (Exception | AssertionError e) {
      return false;
    }
  }

  /** Whether a tick line shows the member fuzzing on, past {@code executions}, with two members. */
  private boolean fuzzingWithTwo(String name, long executions) {
    try {
      StatsLine l = last(name);
      return l.cluster() != null && l.cluster().members() == 2 && l.executions() > executions;
    } catch (Exception | AssertionError e) {
      return false;
    }
  }

  /**
   * A pool's workers take part through their member: each worker's lines show the cluster, and
   * entries flow between the workers and the other member.
   */
  @Test
  void aPoolsWorkersTakePartThroughTheirMember() throws Exception {
    int[] ports = {25731, 25732};
    String all = join(ports);
    Process a = member("a", GROWING, "300s", ports[0], all);
    Process pool = member("pool", GROWING, "300s", ports[1], all, 2);
    await(x -> workersShare("pool") && importedSome("a"));
    a.destroy();
    pool.destroy();
    for (Process p : List.of(a, pool)) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(workersShare("pool")).as(log("pool")).isTrue();
    assertThat(importedSome("a")).as("a took in the pool's entries").isTrue();
    assertThat(log("pool")).contains("session 1 done with 2 workers", "cluster: test, members");
  }

  /** Whether both workers of a pool wrote lines showing two members and entries taken in. */
  private boolean workersShare(String name) {
    try {
      for (int w = 0; w < 2; w++) {
        int worker = w;
        if (stats(name).stream()
            .noneMatch(
                l ->
                    l.worker() == worker
                        && l.cluster() != null
                        && l.cluster().membersSeen() == 2
                        && l.cluster().importedEntries() > 0)) {
          return false;
        }
      }
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  private boolean importedSome(String name) {
    try {
      return stats(name).stream()
          .anyMatch(l -> l.cluster() != null && l.cluster().importedEntries() > 0);
    } catch (Exception e) {
      return false;
    }
  }

  /**
   * A member without --workers is a pool of one like a campaign outside a cluster: the {@code fuzz}
   * process is the member and its session runs in a worker JVM that takes part through it, so a run
   * that leaves a thread running which cannot be stopped (every 50th of a JVM) costs that JVM, and
   * a new one goes on in the cluster until the budget is spent. A budget of executions, not of
   * time, as in {@link WeftStuckRunsTest}: on a loaded machine a time budget ends before a JVM
   * meets the stuck run, or waits long after; 80 executions meet it (about every 45th execution of
   * a JVM, replays counted) and go on in the next JVM whatever the load.
   */
  @Test
  void aMemberWithoutWorkersOutlivesARunThatCannotBeStopped() throws Exception {
    int port = 25761;
    Path corpus = dir.resolve("stuck");
    Process member =
        new ProcessBuilder(
                java(),
                "-Dweft.carrierCpu=off",
                STATS_EVERY_SECOND,
                JDK_AS_MODELS,
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                "dev.weft.targets.cli.StuckNowAndThen",
                "--cp",
                targets(),
                "--corpus",
                corpus.toString(),
                "--seed",
                "1",
                "--iterations",
                "80",
                "--stall-timeout",
                "1s",
                "--status",
                "lines",
                "--no-minimize",
                "--cluster",
                "test",
                "--member-port",
                Integer.toString(port),
                "--join",
                join(port))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("stuck.log").toFile())
            .start();
    started.add(member);
    // a JVM start takes tens of seconds at load 20, and a JVM or two are needed: a generous bound
    assertThat(member.waitFor(300, TimeUnit.SECONDS)).as(log("stuck")).isTrue();
    String log = log("stuck");
    // the stuck thread is a hang (it ran past the stall timeout): one finding, written once
    assertThat(member.exitValue()).as(log).isEqualTo(WeftCli.FOUND);
    assertThat(log)
        .contains("joined cluster: test, members 1")
        .containsPattern(
            "the session's JVM stopped \\(after run \\d+, a target thread could not be stopped")
        .contains("a new JVM resumes the session from the corpus (restart 1)")
        .containsPattern(
            "session 1 done \\(iteration budget reached, its JVM restarted \\d+ times?\\)")
        .contains("[weft] cluster: test, members");
    // every JVM of the session took part in the cluster, the later ones too
    List<StatsLine> lines = stats("stuck");
    assertThat(lines).allMatch(l -> l.cluster() != null && l.cluster().name().equals("test"));
    assertThat(lines.stream().filter(l -> l.event().equals("start")).count()).isGreaterThan(1);

    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).isZero();
    JsonNode status = new ObjectMapper().readTree(stdout());
    assertThat(status.path("executions").asLong()).as(stdout()).isEqualTo(80);
    assertThat(status.path("restarts").asInt()).isPositive();
    assertThat(status.path("findings").asInt()).isEqualTo(1);
    // each entry the session wrote went to the cluster, whichever JVM wrote it, and the entries an
    // earlier JVM wrote are the member's own to the next, not taken in from the cluster
    assertThat(status.path("cluster").path("exportedEntries").asLong())
        .as(stdout())
        .isEqualTo(status.path("corpusEntries").asLong())
        .isPositive();
    assertThat(status.path("cluster").path("importedEntries").asLong()).as(stdout()).isZero();
    assertThat(status.path("clusterEntries").asLong()).isZero();
    assertThat(statusOf("stuck")).contains("restarts    ", "cluster: test, members");

    // resumed with its directory alone, the member publishes its entries again as it rejoins: to
    // its worker they are the campaign's own still, not entries taken in from another member
    Process again =
        new ProcessBuilder(
                java(),
                "-Dweft.carrierCpu=off",
                JDK_AS_MODELS,
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--corpus",
                corpus.toString(),
                "--iterations",
                "3",
                "--status",
                "lines",
                "--no-minimize")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("stuck-again.log").toFile())
            .start();
    started.add(again);
    assertThat(again.waitFor(300, TimeUnit.SECONDS)).as(log("stuck-again")).isTrue();
    assertThat(log("stuck-again")).contains("joined cluster: test", "session 2 done");
    clearOutput();
    assertThat(WeftCli.execute("status", corpus.toString(), "--json")).isZero();
    status = new ObjectMapper().readTree(stdout());
    assertThat(status.path("sessions").asInt()).as(stdout()).isEqualTo(2);
    assertThat(status.path("clusterEntries").asLong()).as(stdout()).isZero();
    assertThat(status.path("cluster").path("importedEntries").asLong()).isZero();
  }

  /** A member whose target differs from the cluster's is refused, and says why. */
  @Test
  void aMemberWithAnotherTargetIsRefused() throws Exception {
    int[] ports = {25721, 25722};
    Process a = member("a", CORRECT, "60s", ports[0], join(ports));
    await(x -> seesMembers("a", 1));
    Process other = member("other", OTHER_TARGET, "60s", ports[1], join(ports));
    assertThat(other.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(other.exitValue()).isEqualTo(WeftCli.USAGE);
    assertThat(log("other"))
        .contains("refused by cluster test: its members fuzz " + CORRECT)
        .contains("this campaign fuzzes " + OTHER_TARGET);
    assertThat(stats("other")).isEmpty();
    // a line written before the other joined shows a alone too: wait for one written after it left
    long left = System.currentTimeMillis();
    await(x -> seesOnlyItself("a") && wroteSince("a", left));
    a.destroy();
    assertThat(a.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(seesOnlyItself("a")).as("the refused member left").isTrue();
  }

  /** Whether the newest line of a member was written after {@code millis}. */
  private boolean wroteSince(String name, long millis) {
    try {
      return last(name).time() > millis;
    } catch (Exception | AssertionError e) {
      return false;
    }
  }

  /**
   * Without --cluster no class of Hazelcast is loaded (so no thread of it runs, no port opens), in
   * the {@code fuzz} process or in the worker JVM it runs the session in (whose class log it
   * copies).
   */
  @Test
  void withoutClusterNoHazelcastClassIsLoaded() throws Exception {
    Process p =
        new ProcessBuilder(
                java(),
                "-verbose:class",
                "-cp",
                System.getProperty("java.class.path"),
                WeftCli.class.getName(),
                "fuzz",
                "--main",
                CORRECT,
                "--cp",
                examples(),
                "--corpus",
                dir.resolve("alone").toString(),
                "--iterations",
                "10",
                "--quiet")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("alone.log").toFile())
            .start();
    started.add(p);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String log = log("alone");
    assertThat(log).contains("session 1 done", "dev.weft.fuzz.exchange.PoolSync");
    assertThat(log).doesNotContain("com.hazelcast", "dev.weft.fuzz.cluster.ClusterJoin");
  }

  /** Whether the newest line of a member shows it alone in its cluster. */
  private boolean seesOnlyItself(String name) {
    try {
      StatsLine l = last(name);
      // a stop line is written as the member leaves: it may count no member at all
      return l.cluster() != null && l.cluster().members() <= 1;
    } catch (Exception | AssertionError e) {
      return false;
    }
  }

  /** Counts the entry files of a directory. */
  private static final class CorpusFiles {
    static long count(Path directory) throws IOException {
      try (Stream<Path> files = Files.list(directory)) {
        return files.filter(p -> p.toString().endsWith(".entry")).count();
      }
    }
  }
}
