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
        .contains("expected: <30> but was:");
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
