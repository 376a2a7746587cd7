package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.strategy.ReplayStrategy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Shrinks a failing schedule while its failure signature stays the same, so that a report explains
 * the bug in as few preemptions, threads and steps as the program allows ({@code weft tmin}, and
 * every finding of a campaign before it is written).
 *
 * <p>The original decisions are replayed once to learn the run's context switches ({@link
 * SwitchRecorder}). Then two rounds of delta debugging ({@link DeltaDebugging}):
 *
 * <ol>
 *   <li>over the preemptions, keeping the switches that were no preemptions (where a thread blocked
 *       or ended, which thread went on): a candidate runs with a subset of the preemptions, first
 *       alone and then with those switches, since the two may need each other;
 *   <li>over all remaining switches, for fewer threads taking part and fewer steps to the failure.
 * </ol>
 *
 * A candidate runs under {@link SwitchFollower}, which adds no preemption the candidate does not
 * name; a run is kept only when it shows the same signature and is strictly smaller ({@link
 * ScheduleShape}), and the search goes on from the switches that run actually made. What is kept is
 * a real run: its recorded decisions replay it exactly.
 */
public final class ScheduleMinimiser {
  private final CandidateRunner runner;
  private final MinimiseBudget budget;
  private final BooleanSupplier stop;
  private final Set<Set<Switch>> tried = new HashSet<>();
  private long start;
  private int candidates;
  private boolean budgetSpent;
  private Kept best;

  /** A run the minimiser keeps, with its switches and shape. */
  private record Kept(RunResult run, Failure failure, List<Switch> switches, ScheduleShape shape) {
    List<Switch> preemptions() {
      return switches.stream().filter(Switch::preemptive).toList();
    }

    List<Switch> others() {
      return switches.stream().filter(s -> !s.preemptive()).toList();
    }
  }

  public ScheduleMinimiser(CandidateRunner runner, MinimiseBudget budget) {
    this(runner, budget, () -> false);
  }

  /**
   * @param stop asked before each candidate: when it says so (the campaign was told to stop), the
   *     minimisation ends as if its budget were spent, with the smallest run found so far
   */
  public ScheduleMinimiser(CandidateRunner runner, MinimiseBudget budget, BooleanSupplier stop) {
    this.runner = runner;
    this.budget = budget;
    this.stop = stop;
  }

  /**
   * @param decisions the failing run's decisions
   * @param signature the failure to keep
   * @throws NotReproducedException if the decisions do not show that failure
   */
  public Minimisation minimise(int[] decisions, String signature) throws NotReproducedException {
    start = System.nanoTime();
    SwitchRecorder recorder = new SwitchRecorder(new ReplayStrategy(decisions));
    RunResult original = runner.run(recorder);
    Failure failure = original.failure(signature);
    if (failure == null) {
      throw new NotReproducedException(notReproduced(original));
    }
    best =
        new Kept(
            original,
            failure,
            recorder.switches(),
            ScheduleShape.of(original, failure, recorder.preemptions()));
    ScheduleShape before = best.shape();
    List<Switch> originalSwitches =
        Arrays.equals(original.decisions(), decisions) ? best.switches() : null;
    try {
      DeltaDebugging.minimise(best.preemptions(), this::fewerPreemptions);
      tried.clear(); // a set that lost on preemptions may still win on threads or steps
      DeltaDebugging.minimise(best.switches(), candidate -> smaller(candidate, signature));
    } catch (DeltaDebugging.BudgetSpent e) {
      budgetSpent = true;
    }
    return new Minimisation(
        best.run(),
        best.failure(),
        before,
        best.shape(),
        candidates,
        System.nanoTime() - start,
        budgetSpent,
        best.switches(),
        originalSwitches);
  }

  /** Round 1: a subset of the preemptions, alone and then with the other switches. */
  private List<Switch> fewerPreemptions(List<Switch> preemptions) {
    String signature = best.failure().signature();
    List<Switch> others = best.others();
    for (List<Switch> candidate : List.of(preemptions, union(preemptions, others))) {
      Kept kept = tryCandidate(candidate, signature);
      if (kept != null && kept.shape().preemptions() < best.shape().preemptions()) {
        best = kept;
        return kept.preemptions();
      }
    }
    return null;
  }

  /** Round 2: a subset of all switches, kept if smaller in any way. */
  private List<Switch> smaller(List<Switch> switches, String signature) {
    Kept kept = tryCandidate(switches, signature);
    if (kept != null && kept.shape().compareTo(best.shape()) < 0) {
      best = kept;
      return kept.switches();
    }
    return null;
  }

  /** Runs a candidate (once per round: a set is not run twice); null if it lost the failure. */
  private Kept tryCandidate(List<Switch> candidate, String signature) {
    if (!tried.add(new HashSet<>(candidate))) {
      return null;
    }
    if (budget.spent(start, candidates) || stop.getAsBoolean()) {
      throw new DeltaDebugging.BudgetSpent();
    }
    candidates++;
    SwitchRecorder recorder = new SwitchRecorder(new SwitchFollower(candidate));
    RunResult run = runner.run(recorder);
    Failure f = run.failure(signature);
    if (f == null) {
      return null;
    }
    return new Kept(run, f, recorder.switches(), ScheduleShape.of(run, f, recorder.preemptions()));
  }

  private static List<Switch> union(List<Switch> a, List<Switch> b) {
    Set<Switch> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return new ArrayList<>(all);
  }

  private static String notReproduced(RunResult run) {
    switch (run.outcome()) {
      case PASSED:
        return "the schedule no longer fails: the run passed";
      case DIVERGED:
        return "the run diverged from the recorded decisions (" + run.diagnostic() + ")";
      case SKIPPED:
        return "the run was skipped: " + run.diagnostic();
      default:
        return "the run failed differently: "
            + run.failure().message().lines().findFirst().orElse("");
    }
  }
}
