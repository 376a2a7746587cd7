package dev.weft.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.Pct;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.local.HandOvers;
import dev.weft.targets.local.JdkHandOvers;
import dev.weft.targets.local.LocalWork;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Accesses to objects only their thread can reach are no scheduling points, and every way of
 * handing such an object to another thread makes its accesses scheduling points again.
 */
class LocalObjectsTest {
  private static RunExecutor executor(TargetSpec spec, RunBudget budget, boolean localObjects) {
    return Harness.executor(spec, budget, localObjects);
  }

  /** A static method of a test target, tracking local objects, with the default budget. */
  private static RunExecutor tracking(Class<?> target, String method) {
    return executor(TargetSpec.method(target.getName() + "::" + method), RunBudget.DEFAULT, true);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "viaStatic",
        "viaSharedField",
        "viaSharedArray",
        "viaArraycopy",
        "viaQueue",
        "viaAtomicReference",
        "viaLambdaCapture",
        "viaAnonymousClass",
        "viaHolder",
        "viaThreadSubclass",
        "viaAnonymousThread",
        "viaComputeIfAbsent",
        "viaConstructor",
        "viaExecutor",
        "viaCompletableFuture",
        "viaBlockingQueue",
        "viaReflection",
        "viaVarHandle",
        "viaLocalListIntoSharedQueue",
        "viaStaticInitialiser"
      })
  void everyHandOverIsSeenAndTheLostUpdateFound(String method) throws Exception {
    assertHandOverSeen(HandOvers.class, method);
  }

  /**
   * Over up to 300 random runs of {@code target::method}: no missed escape in any, the lost update
   * found in one and a passing run in another, and accesses made free while the object was local.
   */
  private static void assertHandOverSeen(Class<?> target, String method) throws Exception {
    RunExecutor executor = tracking(target, method);
    long elided = 0;
    RunResult found = null;
    boolean passed = false;
    for (int run = 1; run <= 300 && (found == null || !passed); run++) {
      RunResult r = executor.execute(new RandomWalk(run), run);
      LocalObjects locals = executor.lastLocalObjects();
      assertThat(locals.missedEscapes())
          .as("run %d: an object local to one thread was reached by another", run)
          .isZero();
      elided += locals.elidedAccesses();
      if (r.failed()) {
        found = found == null ? r : found;
      } else {
        passed = r.outcome() == RunResult.Outcome.PASSED;
      }
    }
    assertThat(found).as("the lost update of %s", method).isNotNull();
    assertThat(passed).as("%s also passes when the updates do not overlap", method).isTrue();
    assertThat(found.failure().message()).contains("lost update");
    assertThat(elided).as("the object was local before it was handed over").isPositive();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "listViaStatic",
        "mapViaQueue",
        "atomicViaSharedField",
        "bufferViaLambdaCapture",
        "concurrentMapViaStatic",
        "mapViaItsKeySet",
        "mapViaAnEntry"
      })
  void everyHandOverOfAJdkObjectIsSeenAndTheLostUpdateFound(String method) throws Exception {
    assertHandOverSeen(JdkHandOvers.class, method);
  }

  private static LocalObjects runAlone(String method) throws Exception {
    RunExecutor executor = tracking(JdkHandOvers.class, method);
    RunResult r = executor.execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).as("%s: %s", method, r.failure()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(executor.lastLocalObjects().missedEscapes()).isZero();
    return executor.lastLocalObjects();
  }

  @Test
  void callsOnAJdkObjectWhileItWasLocalStillReachTheRaceOracle() throws Exception {
    RunExecutor executor = tracking(JdkHandOvers.class, "listPublishedUnsafely");
    RunResult r = executor.execute(new RandomWalk(1), 1);
    assertThat(executor.lastLocalObjects().elidedAccesses()).as("the add").isEqualTo(1);
    assertThat(r.failed()).as("%s", r.outcome()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.RACE);
    assertThat(r.failure().message()).contains("ArrayList");
  }

  @Test
  void aJdkListIteratedSearchedAndTrimmedStaysLocal() throws Exception {
    LocalObjects locals = runAlone("iteratedListStaysLocal");
    assertThat(locals.escapedObjects()).isZero();
    // 10 adds, two calls of iterator() (the for loop's and the explicit one), size, contains;
    // the iterators' own calls are no accesses in any case
    assertThat(locals.elidedAccesses()).isEqualTo(14);
  }

  @Test
  void aLocalMapsEntriesKeepItLocal() throws Exception {
    LocalObjects locals = runAlone("entriesOfALocalMapStayLocal");
    assertThat(locals.escapedObjects()).isZero();
    // two puts, entrySet(), iterator(), the check's get
    assertThat(locals.elidedAccesses()).isEqualTo(5);
  }

  @Test
  void aViewThatEscapesTakesItsCollectionAlong() throws Exception {
    LocalObjects locals = runAlone("iteratorTakesItsListAlong");
    assertThat(locals.escapedObjects()).as("the iterator and its list").isEqualTo(2);
    assertThat(locals.elidedAccesses())
        .as("only the three adds and iterator() before")
        .isEqualTo(4);
  }

  @Test
  void aStreamOverALocalListLetsItGo() throws Exception {
    LocalObjects locals = runAlone("streamLetsTheListGo");
    assertThat(locals.escapedObjects()).isEqualTo(1);
    assertThat(locals.elidedAccesses()).as("only the add before").isEqualTo(1);
  }

  @Test
  void workOnLocalDataTakesNoSchedulingPoints() throws Exception {
    TargetSpec spec = TargetSpec.main(LocalWork.class.getName(), List.of("40"));
    RunExecutor on = executor(spec, RunBudget.DEFAULT, true);
    RunExecutor off = executor(spec, RunBudget.DEFAULT, false);
    for (int run = 1; run <= 40; run++) {
      RunResult withLocals = on.execute(new Pct(3, run), run);
      RunResult without = off.execute(new Pct(3, run), run);
      assertThat(withLocals.outcome()).isEqualTo(RunResult.Outcome.PASSED);
      assertThat(without.outcome()).isEqualTo(RunResult.Outcome.PASSED);
      assertThat(on.lastLocalObjects().missedEscapes()).isZero();
      // each thread: 40 array writes, 40 reads, 40 nodes written and read: all local
      assertThat(on.lastLocalObjects().elidedAccesses()).isGreaterThan(2 * 150);
      assertThat(withLocals.steps()).isLessThan(without.steps() / 4);
    }
  }

  @Test
  void aCallThroughAJdkInterfaceKeepsTheObjectLocalOnlyIfItsOwnCodeRuns() throws Exception {
    RunExecutor own = tracking(LocalWork.class, "ownImplementation");
    assertThat(own.execute(new RandomWalk(1), 1).outcome()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(own.lastLocalObjects().escapedObjects())
        .as("only the class's static AtomicInteger, published as it is made")
        .isEqualTo(1);
    assertThat(own.lastLocalObjects().elidedAccesses())
        .as("20 reads and 20 writes, and the check's read")
        .isEqualTo(41);
    RunExecutor defaulted = tracking(LocalWork.class, "jdkDefaultMethod");
    RunResult r = defaulted.execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(defaulted.lastLocalObjects().escapedObjects())
        .as("Iterable.forEach is the JDK's code (and the static AtomicInteger escapes too)")
        .isEqualTo(2);
    assertThat(r.steps()).as("the increment after it is a scheduling point").isPositive();
  }

  @Test
  void innerAndAnonymousObjectsKeepWhatTheyCaptureLocal() throws Exception {
    RunExecutor executor = tracking(LocalWork.class, "innerInstancesStayLocal");
    RunResult r = executor.execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).as("%s", r.failure()).isEqualTo(RunResult.Outcome.PASSED);
    assertThat(executor.lastLocalObjects().escapedObjects())
        .as("only the class's static AtomicInteger")
        .isEqualTo(1);
    // the array's initial element; 20 x (read and write of tally.n, read and write of box[0]);
    // the check's two reads (the outer instance and the captured array are final fields)
    assertThat(executor.lastLocalObjects().elidedAccesses()).isEqualTo(1 + 20 * 4 + 2);
  }

  @Test
  void anEndlessLoopOverItsOwnDataIsAHang() throws Exception {
    RunExecutor executor =
        executor(
            TargetSpec.method(LocalWork.class.getName() + "::spinsOnItsOwn"),
            new RunBudget(1_000, 30_000, 2_000),
            true);
    RunResult r = executor.execute(new RandomWalk(1), 1);
    assertThat(r.failed()).isTrue();
    assertThat(r.failure().kind()).isEqualTo(FindingKind.HANG);
    assertThat(r.failure().message()).contains("objects only it can reach");
  }

  @Test
  void aViewIsAdoptedOnlyRightAfterItsCallOnALocalObjectAnnouncedIt() {
    LocalObjects locals = new LocalObjects(true, c -> true);
    Object owner = "thread 1";
    java.util.ArrayList<Integer> list = new java.util.ArrayList<>();
    locals.constructed(list, owner);
    java.util.Iterator<Integer> unannounced = list.iterator();
    locals.viewMade(unannounced, owner);
    assertThat(locals.isLocalQuietly(unannounced, owner)).isFalse();

    locals.viewComing(list, owner);
    java.util.Iterator<Integer> it = list.iterator();
    locals.viewMade(it, owner);
    assertThat(locals.isLocalQuietly(it, owner)).isTrue();
    locals.viewMade(list.iterator(), owner);
    assertThat(locals.adoptedObjects()).as("an announcement serves one view").isEqualTo(2);

    locals.viewComing(list, "thread 2");
    java.util.Iterator<Integer> foreign = list.iterator();
    locals.viewMade(foreign, "thread 2");
    assertThat(locals.isLocalQuietly(foreign, "thread 2")).as("not its list").isFalse();

    locals.escape(it);
    assertThat(locals.isLocalQuietly(list, owner)).as("the list goes with its view").isFalse();
    assertThat(locals.escapedObjects()).isEqualTo(2);
  }

  @Test
  void anObjectReachedFromAnotherThreadBecomesSharedWithWhatItReaches() {
    LocalObjects locals = new LocalObjects(true, c -> true);
    Object mine = new Object();
    Object[] holder = {mine};
    Object owner = "thread 1";
    Object other = "thread 2";
    locals.arrayMade(holder, owner);
    locals.constructed(mine, owner);
    assertThat(locals.isLocal(holder, owner)).isTrue();
    assertThat(locals.isLocal(holder, other)).isFalse();
    assertThat(locals.missedEscapes()).isEqualTo(1);
    assertThat(locals.isLocal(mine, owner)).as("reached through the holder").isFalse();
    assertThat(locals.escapedObjects()).isEqualTo(2);
  }

  @Test
  void storingIntoALocalHolderKeepsTheValueLocalUntilTheHolderEscapes() {
    LocalObjects locals = new LocalObjects(true, c -> true);
    Object owner = "thread 1";
    Object[] holder = new Object[1];
    Object value = new Object();
    locals.arrayMade(holder, owner);
    locals.constructed(value, owner);
    locals.stored(holder, value, owner);
    holder[0] = value;
    assertThat(locals.isLocal(value, owner)).isTrue();
    locals.stored(new Object(), holder, owner);
    assertThat(locals.isLocal(holder, owner)).isFalse();
    assertThat(locals.isLocal(value, owner)).isFalse();
    assertThat(locals.missedEscapes()).isZero();
  }
}
