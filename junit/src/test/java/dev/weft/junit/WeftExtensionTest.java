package dev.weft.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.weft.corpus.FindingFiles;
import dev.weft.junit.fixtures.GatedBooking;
import dev.weft.junit.fixtures.RacyAccount;
import dev.weft.junit.fixtures.SafeAccount;
import dev.weft.junit.fixtures.SetUpCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

class WeftExtensionTest {
  @TempDir Path dir;

  private EngineExecutionResults run(DiscoverySelector selector, String... config) {
    EngineTestKit.Builder kit =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selector)
            .configurationParameter("weft.findings", dir.resolve("findings").toString())
            .configurationParameter("weft.workDir", dir.resolve("work").toString());
    for (int i = 0; i < config.length; i += 2) {
      kit.configurationParameter(config[i], config[i + 1]);
    }
    return kit.execute();
  }

  private static Throwable failureOf(EngineExecutionResults results) {
    List<Event> failed = results.testEvents().failed().list();
    assertThat(failed).as("%s", results.allEvents().list()).hasSize(1);
    return failed
        .get(0)
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
  }

  private List<Path> saved() throws IOException {
    Path root = dir.resolve("findings");
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".weft")).sorted().toList();
    }
  }

  @Test
  void aRacyTestFailsWithTheInterleavingAndSavesTheFinding() throws Exception {
    EngineExecutionResults results = run(selectMethod(RacyAccount.class, "deposits"));
    Throwable failure = failureOf(results);
    assertThat(failure).isInstanceOf(AssertionFailedError.class);
    assertThat(failure.getMessage())
        .contains("Weft found assertion in " + RacyAccount.class.getName() + "#deposits")
        .contains("balance after both deposits ==> expected: <30> but was:")
        .contains("Interleaving (thread columns, in execution order)")
        .containsPattern("step +main +alice +bob *\n")
        .contains("Saved as ");
    List<Path> saved = saved();
    assertThat(saved).hasSize(1);
    Path file = saved.get(0);
    assertThat(dir.resolve("findings").relativize(file).toString())
        .matches(RacyAccount.class.getName() + "/deposits/assertion-[0-9a-f]{8}\\.weft");
    assertThat(failure.getMessage()).contains(file.toString());
  }

  @Test
  void theNextRunReplaysTheSavedFindingFirstAndFailsNamingIt() throws Exception {
    run(selectMethod(RacyAccount.class, "deposits"));
    Path file = saved().get(0);
    // replay only: no search could find it again, only the saved file can fail the test
    EngineExecutionResults again =
        run(selectMethod(RacyAccount.class, "deposits"), "weft.replayOnly", "true");
    Throwable failure = failureOf(again);
    assertThat(failure.getMessage())
        .startsWith("saved finding " + file + " still reproduces")
        .contains("expected: <30> but was:")
        // the interleaving as weft replay shows it: the preemption that loses a deposit marked
        .contains("(preempts ")
        .contains("> a preemption");
  }

  @Test
  void aTestTakingADataProviderHasItsInputSearchedAndTheFindingReplaysWithIt() throws Exception {
    Throwable failure =
        failureOf(
            run(
                selectMethod(
                    GatedBooking.class.getName(),
                    "lastSeat",
                    "com.code_intelligence.jazzer.api.FuzzedDataProvider")));
    assertThat(failure.getMessage())
        .contains("Weft found assertion in " + GatedBooking.class.getName() + "#lastSeat")
        .contains("bookings of the last seat ==> expected: <1> but was: <2>")
        .contains("consumeByte() = 66") // 'B'
        .contains("consumeByte() = 75"); // 'K'
    List<Path> saved = saved();
    assertThat(saved).hasSize(1);
    byte[] input = FindingFiles.read(saved.get(0)).input();
    assertThat(input).isNotNull();
    // the provider takes single bytes from the end: the last byte is the first one consumed
    assertThat(input.length).isGreaterThanOrEqualTo(2);
    assertThat(input[input.length - 1]).isEqualTo((byte) 'B');
    assertThat(input[input.length - 2]).isEqualTo((byte) 'K');

    Throwable replayed =
        failureOf(
            run(
                selectMethod(
                    GatedBooking.class.getName(),
                    "lastSeat",
                    "com.code_intelligence.jazzer.api.FuzzedDataProvider"),
                "weft.replayOnly",
                "true"));
    assertThat(replayed.getMessage())
        .startsWith("saved finding " + saved.get(0) + " still reproduces")
        .contains("expected: <1> but was: <2>");
  }

  /**
   * A saved finding is committed with the project and replayed by the team and CI on their own
   * checkouts: it holds no path of the machine that found it, and its file has the modes the user's
   * other files get. Found with the test classes in one folder, it reproduces after that folder is
   * moved away, from the classes in the new one.
   */
  @Test
  void aSavedFindingHoldsNoMachinesPathAndReplaysFromACopyOfTheProjectElsewhere() throws Exception {
    Path classes =
        Path.of(RacyAccount.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path first = dir.resolve("checkout-a");
    copyTree(classes, first.resolve("test-classes"));
    EngineExecutionResults found =
        run(
            selectMethod(RacyAccount.class, "deposits"),
            "weft.findings",
            first.resolve("findings").toString(),
            "weft.classPath",
            classPathWith(classes, first.resolve("test-classes")));
    failureOf(found);
    Path saved;
    try (Stream<Path> files = Files.walk(first.resolve("findings"))) {
      saved = files.filter(p -> p.toString().endsWith(".weft")).findFirst().orElseThrow();
    }
    assertThat(FindingFiles.read(saved).classPath()).isEmpty();
    assertThat(Files.readString(saved, java.nio.charset.StandardCharsets.ISO_8859_1))
        .doesNotContain(first.toString())
        .doesNotContain(classes.toString());
    Path ordinary = Files.writeString(dir.resolve("ordinary.txt"), "a file of the user's");
    if (Files.getFileStore(saved).supportsFileAttributeView("posix")) {
      assertThat(Files.getPosixFilePermissions(saved))
          .isEqualTo(Files.getPosixFilePermissions(ordinary));
    }

    Path second = dir.resolve("checkout-b");
    Files.move(first, second);
    EngineExecutionResults replayed =
        run(
            selectMethod(RacyAccount.class, "deposits"),
            "weft.findings",
            second.resolve("findings").toString(),
            "weft.classPath",
            classPathWith(classes, second.resolve("test-classes")),
            "weft.replayOnly",
            "true");
    assertThat(failureOf(replayed).getMessage())
        .startsWith("saved finding " + second.resolve("findings"))
        .contains("still reproduces");
  }

  /** This test run's class path with its test classes taken from {@code copy} instead. */
  private static String classPathWith(Path classes, Path copy) {
    StringBuilder out = new StringBuilder(copy.toString());
    for (Path entry : TestRunClassPath.of(null)) {
      if (!entry.equals(classes.toAbsolutePath().normalize())) {
        out.append(java.io.File.pathSeparator).append(entry);
      }
    }
    return out.toString();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  @Test
  void replayOnlyWithNothingSavedPasses() {
    run(selectMethod(RacyAccount.class, "deposits"), "weft.replayOnly", "true")
        .testEvents()
        .assertStatistics(stats -> stats.started(1).succeeded(1).failed(0));
  }

  @Test
  void aCorrectTestPassesAndSavesNothingAlongsidePlainTestsAndNestedClasses() throws Exception {
    run(selectClass(SafeAccount.class))
        .testEvents()
        .assertStatistics(stats -> stats.started(2).succeeded(2).failed(0));
    run(selectMethod(RacyAccount.class, "plainTestBeside"))
        .testEvents()
        .assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(saved()).isEmpty();
  }

  @Test
  void beforeEachRunsInsideEveryControlledRunAndNotOutside() {
    SetUpCounter.SET_UPS.set(0);
    SetUpCounter.TEAR_DOWNS.set(0);
    run(selectMethod(SetUpCounter.class, "setUpRanInsideTheRun"))
        .testEvents()
        .assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(SetUpCounter.SET_UPS).hasValue(0);
    assertThat(SetUpCounter.TEAR_DOWNS).hasValue(0);
  }

  @Test
  void theSeedIsTheTestsOwnUnlessConfigured() {
    long seed = WeftTestSettings.seedOf(RacyAccount.class.getName(), "deposits");
    assertThat(seed).isEqualTo(WeftTestSettings.seedOf(RacyAccount.class.getName(), "deposits"));
    assertThat(seed).isNotEqualTo(WeftTestSettings.seedOf(SafeAccount.class.getName(), "deposits"));
  }
}
