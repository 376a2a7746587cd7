package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.targets.statics.OutsideState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With classes reused (the default; set here so that a {@code -Dweft.reuseClasses=off} in the build
 * does not turn the tests into no-ops), a finding that only state left by an earlier run produced
 * is not reported: its run is replayed on classes of its own first, and the campaign stops reusing
 * classes; a run that takes another path on shared classes stops the reuse too.
 */
class ClassReuseCliTest extends CliTestSupport {
  @BeforeEach
  void reuseClasses() {
    System.setProperty("weft.reuseClasses", "on");
  }

  @AfterEach
  void definePerRunAgain() {
    System.clearProperty("weft.reuseClasses");
  }

  private static final String TARGET = "dev.weft.targets.statics.InterfaceConstant::registerOnce";
  private static final String DROPPED = "did not come back when its run was replayed on classes";

  /** {@code weft run} of {@code target} under random walks, seed 1, with {@code more} options. */
  private int run(String target, int iterations, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--target",
                target,
                "--cp",
                targets(),
                "--strategy",
                "random",
                "--seed",
                "1",
                "--iterations",
                Integer.toString(iterations),
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return WeftCli.execute(args.toArray(new String[0]));
  }

  @Test
  void runDropsAFindingOnlyReusedClassesProduced() throws Exception {
    Path out = dir.resolve("run");
    int code = run(TARGET, 6, out);
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).contains(DROPPED).contains("registered 2 names");
    String summary = Files.readString(out.resolve("summary.json"));
    assertThat(summary).contains(DROPPED).contains("\"findings\": []");
  }

  @Test
  void aDifferenceTheRewriteMakesIsDroppedAndLaterRunsUsePlainClasses() throws Exception {
    Path out = dir.resolve("rewrite");
    int code =
        run("dev.weft.targets.statics.ConstructorlessObject::madeWithoutAConstructor", 5, out);
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).contains(DROPPED).contains("NullPointerException");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"findings\": []");
  }

  @Test
  void aRunThatTakesAnotherPathOnReusedClassesStopsTheReuse() throws Exception {
    Path out = dir.resolve("path");
    int code = run("dev.weft.targets.statics.InterfaceConstant::registerQuietly", 6, out);
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr())
        .contains("execution 2 took another path on classes defined afresh")
        .contains("same decisions, another trace");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("took another path");
  }

  @Test
  void aProgramThatBehavesAlikeOnReusedClassesKeepsThem() throws Exception {
    Path out = dir.resolve("alike");
    int code =
        WeftCli.execute(
            "run",
            "--main",
            "dev.weft.examples.join.MissingJoinFixed",
            "--cp",
            examples(),
            "--strategy",
            "segment",
            "--iterations",
            "40",
            "--out",
            out.toString());
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).doesNotContain("note:");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"notes\": []");
  }

  @Test
  void objectsMadeOnceForAllRunsDoNotCountAsAnotherPath() throws Exception {
    Path out = dir.resolve("enum");
    int code = run("dev.weft.targets.statics.OutsideState::lockOnAnEnumConstant", 20, out);
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).doesNotContain("note:");
  }

  @Test
  void aHangOnlyLeftoverStateCausesIsDropped() throws Exception {
    Path out = dir.resolve("hang");
    int code =
        run(
            "dev.weft.targets.statics.OutsideState::passTheGateOnce",
            4,
            out,
            "--max-steps",
            "5000");
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).contains(DROPPED).contains("hang");
    assertThat(Files.readString(out.resolve("summary.json"))).contains("\"findings\": []");
  }

  @Test
  void aProgramThatDoesNotRepeatItselfKeepsItsReuse() throws Exception {
    Path out = dir.resolve("outside");
    System.setProperty(OutsideState.COUNTER_FILE, dir.resolve("counter").toString());
    try {
      int code = run("dev.weft.targets.statics.OutsideState::firstRunEver", 6, out);
      assertThat(code).as(stderr()).isZero();
      assertThat(stderr())
          .contains("did not repeat when replayed, on shared classes or on classes defined afresh")
          .doesNotContain("took another path")
          .doesNotContain("no longer reused");
    } finally {
      System.clearProperty(OutsideState.COUNTER_FILE);
    }
  }

  @Test
  void fuzzDropsAFindingOnlyReusedClassesProduced() throws Exception {
    Path corpus = dir.resolve("corpus");
    int code =
        WeftCli.execute(
            "fuzz",
            "--target",
            TARGET,
            "--cp",
            targets(),
            "--iterations",
            "6",
            "--corpus",
            corpus.toString());
    assertThat(code).as(stderr()).isZero();
    assertThat(stderr()).contains(DROPPED);
    try (var files = Files.list(corpus.resolve("findings"))) {
      assertThat(files.filter(p -> p.toString().endsWith(".weft"))).isEmpty();
    }
  }
}
