package dev.weft.runtime.statics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.DefinesClasses;
import dev.weft.targets.statics.MutableEnum;
import dev.weft.targets.statics.PerRunStatics;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs on one set of classes, their statics reset and initialisers run again by every run, behave
 * as runs on classes defined afresh: the same state at every start, the same decisions, the same
 * findings; and reuse stops where state would outlive a run.
 */
class ClassReuseTest {
  private static RunExecutor executor(Path classPath, TargetSpec spec, boolean reuse) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(classPath)), new SiteTable(), new FieldTable(), reuse);
    return new RunExecutor(instrumenter, spec, RunBudget.DEFAULT);
  }

  private static RunExecutor reusing(Class<?> target, String method) {
    return executor(
        Harness.testTargetsPath(), TargetSpec.method(target.getName() + "::" + method), true);
  }

  @Test
  void everyRunOnReusedClassesStartsFromFreshStatics() throws Exception {
    for (String method :
        List.of(
            "freshStatics",
            "reflectiveInitialisation",
            "initialisationOrder",
            "failedInitialiser",
            "enumConstants",
            "reflectionSeesTheMethodsAsWritten",
            "reflectionSeesStaticFinalsAsWritten",
            "initialisedOnceByTwoThreads")) {
      RunExecutor ex = reusing(PerRunStatics.class, method);
      System.getProperties().remove(PerRunStatics.CLASSES);
      for (int run = 0; run < 6; run++) {
        RunResult r = ex.execute(new RandomWalk(run), run);
        assertThat(r.outcome())
            .as(method + " run " + run + ": " + r.failures())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
      assertThat(ex.reusesClasses()).as(method + ": " + ex.takeReuseStoppedNote()).isTrue();
    }
  }

  @Test
  void theClassesAreDefinedOnceAndNotPerRun() throws Exception {
    for (boolean reuse : new boolean[] {false, true}) {
      RunExecutor ex =
          executor(
              Harness.testTargetsPath(),
              TargetSpec.method(PerRunStatics.class.getName() + "::freshStatics"),
              reuse);
      System.getProperties().remove(PerRunStatics.CLASSES);
      for (int run = 0; run < 4; run++) {
        assertThat(ex.execute(new RandomWalk(run), run).outcome())
            .isEqualTo(RunResult.Outcome.PASSED);
      }
      List<?> classes = (List<?>) System.getProperties().get(PerRunStatics.CLASSES);
      assertThat(classes).hasSize(4);
      long distinct = classes.stream().map(c -> System.identityHashCode(c)).distinct().count();
      assertThat(distinct).as("class objects over 4 runs, reuse " + reuse).isEqualTo(reuse ? 1 : 4);
    }
  }

  @Test
  void classesGivenUpCanBeCollected() throws Exception {
    RunExecutor ex = reusing(PerRunStatics.class, "freshStatics");
    System.getProperties().remove(PerRunStatics.CLASSES);
    assertThat(ex.execute(new RandomWalk(1), 1).outcome()).isEqualTo(RunResult.Outcome.PASSED);
    List<?> classes = (List<?>) System.getProperties().remove(PerRunStatics.CLASSES);
    WeakReference<ClassLoader> loader =
        new WeakReference<>(((Class<?>) classes.get(0)).getClassLoader());
    classes = null;
    ex.stopReuse("the test is done with them");
    ex = null;
    for (int i = 0; i < 200 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertThat(loader.get()).as("the shared loader, after the reuse stopped").isNull();
  }

  @Test
  void catalogRunsMakeTheSameDecisionsAndFindingsAsOnFreshClasses() throws Exception {
    for (Example example : Catalog.all()) {
      TargetSpec spec = TargetSpec.main(example.mainClass(), List.of(example.args()));
      RunExecutor fresh = executor(Harness.examplesPath(), spec, false);
      RunExecutor reused = executor(Harness.examplesPath(), spec, true);
      for (int run = 0; run < 8; run++) {
        RunResult a = fresh.execute(new RandomWalk(run), run);
        RunResult b = reused.execute(new RandomWalk(run), run);
        String what = example.id() + " run " + run;
        assertThat(b.outcome()).as(what).isEqualTo(a.outcome());
        assertThat(b.decisions()).as(what).isEqualTo(a.decisions());
        assertThat(b.failures().stream().map(Failure::signature).toList())
            .as(what)
            .isEqualTo(a.failures().stream().map(Failure::signature).toList());
        assertThat(b.trace().size()).as(what).isEqualTo(a.trace().size());
      }
      assertThat(reused.reusesClasses())
          .as(example.id() + ": " + reused.takeReuseStoppedNote())
          .isTrue();
    }
  }

  @Test
  void anEnumThatCarriesStateStopsTheReuse() throws Exception {
    RunExecutor ex = reusing(MutableEnum.class, "count");
    assertThat(ex.reusesClasses()).isTrue();
    ex.execute(new RandomWalk(1), 1);
    assertThat(ex.reusesClasses()).isFalse();
    assertThat(ex.takeReuseStoppedNote())
        .contains("MutableEnum$Counter")
        .contains("mutable field count");
    assertThat(ex.takeReuseStoppedNote()).isNull();
  }

  @Test
  void aProgramThatDefinesClassesStopsTheReuse() throws Exception {
    RunExecutor ex = reusing(DefinesClasses.class, "raceInAClassOfItsOwnLoader");
    ex.execute(new RandomWalk(1), 1);
    assertThat(ex.reusesClasses()).isFalse();
    assertThat(ex.takeReuseStoppedNote()).contains("defines classes while it runs");
  }
}
