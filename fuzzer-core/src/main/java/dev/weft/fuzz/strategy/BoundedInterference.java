package dev.weft.fuzz.strategy;

import dev.weft.graph.GraphBudget;
import dev.weft.graph.GraphBuilder;
import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceWindow;
import dev.weft.graph.interference.ChoiceEnumerator;
import dev.weft.graph.interference.InterferenceCheck;
import dev.weft.graph.interference.InterferenceChoice;
import dev.weft.graph.interference.InterferencePlanner;
import dev.weft.graph.interference.InterferenceSpace;
import dev.weft.graph.mutation.Schedule;
import dev.weft.graph.readsfrom.ReadsFrom;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * Bounded interference (seed 003): explores the interleavings of one input by how many reads see a
 * value written by another thread, k = 0, 1, ... up to the bound K, and says when it has explored
 * them all.
 *
 * <p>The first run of an input is a non-preemptive <i>base run</i>. Its reads and writes make the
 * space of choices ({@link InterferenceSpace}: for each k, which k reads are non-local and which
 * write of another thread each sees), walked in increasing k ({@link ChoiceEnumerator}). Each
 * choice is planned into a schedule on the base run's graph ({@link InterferencePlanner}) and run
 * once under {@link ScheduleFollower}; the run is checked ({@link InterferenceCheck}): feasible if
 * it realised the choice, infeasible if it diverged. A choice whose orders contradict each other is
 * infeasible without a run. No choice is planned twice: a choice is named by its input and the
 * identities of its reads and writes (thread's stable name, code site, occurrence of that site in
 * the thread: {@link dev.weft.graph.interference.EventIdentities}), so the same choice drawn again
 * for the same input (another base run, a resumed campaign, another worker's corpus entry) is
 * skipped as explored. When the last choice up to K is settled the search is exhausted and the
 * campaign stops ({@value #EXHAUSTED}).
 *
 * <p>Per input: {@link #newInput} makes the next run the base run of a new input, whose space is
 * walked the same way (the counts add up). For a fuzz target whose inputs are searched, the input
 * search calls it for every input it keeps ({@link PerInputStrategy}): an exhausted input then
 * waits for the next one (runs meanwhile go to new inputs), and a base run that cannot be analysed
 * gives up that input, not the search. Under {@code fuzz} each feasible choice is a coverage key,
 * so its run becomes a corpus entry, and keys restored from the corpus count as explored.
 *
 * <p>Limits: the base run must fit the graph budget whole (a longer one stops the search, saying
 * so); the choices come from the base run's events, so reads that only other branches reach are not
 * in the space; a run that realised a choice contributes no choices of its own.
 */
public final class BoundedInterference
    implements Strategy, CoverageFeedback, BoundedSearch, PerInputStrategy {
  public static final String EXHAUSTED = "interference bound exhausted";

  /**
   * Choices settled without a run (explored already, or infeasible by their orders) at most before
   * the next run: a space of millions of such choices must not keep the campaign from its time
   * budget or from Ctrl-C, which it checks between runs.
   */
  static final int MAX_SETTLED_BETWEEN_RUNS = 10_000;

  /** Base runs that could not be analysed (skipped, hung) before the search gives up. */
  static final int MAX_BASE_ATTEMPTS = 3;

  private final int bound;
  private final IntToLongFunction siteKeys;
  private final GraphBudget budget;
  private final LongOpenHashSet explored = new LongOpenHashSet();

  /** The keys of feasible choices, this session's and restored ones: the coverage. */
  private final LongOpenHashSet covered = new LongOpenHashSet();

  private final long[] choicesByK;
  private final long[] feasibleByK;
  private final long[] infeasibleByK;
  private final long[] divergedByK;
  private final long[] skippedByK;

  private long input;
  private boolean needBase = true;

  /** Whether inputs vary (an input search drives this): an input's end is not the search's. */
  private boolean perInput;

  /** Whether the current input's exploration is over (exhausted or given up), inputs varying. */
  private boolean inputDone;

  /** Whether the next run is spent on another input, leaving this input's plan waiting. */
  private boolean elsewhere;

  private long inputsExhausted;
  private long inputsGivenUp;

  /** What the current run is for. */
  private enum Mode {
    /** The non-preemptive run of an input, whose reads and writes make the space. */
    BASE,
    /** The run of a planned choice. */
    CHOICE,
    /** A run between choices, while planning settles infeasible ones or after the search. */
    BETWEEN,
    /** A run of another input, while this input's base run or plan waits. */
    ELSEWHERE
  }

  private Mode mode = Mode.BASE;
  private int baseAttempts;
  private InterferenceSpace space;
  private ChoiceEnumerator enumerator;
  private InterferenceChoice pending;
  private Schedule pendingSchedule;
  private InterferenceChoice running;
  private Strategy current;
  private long runNumber;
  private long inputs;
  private String stopReason;
  private boolean exhausted;
  private long lastRun = -1;
  private long[] lastNewKeys = new long[0];
  private String lastOrigin;

  /**
   * @param bound K, the most non-local reads of a choice
   * @param siteKeys stable key of a trace site id
   * @param budget the most events a base run may have
   */
  public BoundedInterference(int bound, IntToLongFunction siteKeys, GraphBudget budget) {
    if (bound < 0) {
      throw new IllegalArgumentException("--interference must be 0 or more");
    }
    this.bound = bound;
    this.siteKeys = siteKeys;
    this.budget = budget;
    choicesByK = new long[bound + 1];
    feasibleByK = new long[bound + 1];
    infeasibleByK = new long[bound + 1];
    divergedByK = new long[bound + 1];
    skippedByK = new long[bound + 1];
  }

  /**
   * The program's input changed: the next run is the base run of the new input, whose choices are
   * explored next. A choice is named by its input too ({@code input}, e.g. a hash of the input's
   * bytes; 0 for the program's given input), so only choices already explored for this very input
   * are skipped.
   */
  @Override
  public void newInput(long input) {
    this.input = input;
    needBase = true;
    baseAttempts = 0;
    space = null;
    enumerator = null;
    pending = null;
    pendingSchedule = null;
    exhausted = false;
    inputDone = false;
    stopReason = null;
  }

  @Override
  public void inputsVary() {
    perInput = true;
  }

  @Override
  public boolean exploringInput() {
    return !inputDone && stopReason == null;
  }

  @Override
  public void nextRunElsewhere() {
    elsewhere = true;
  }

  /**
   * The current input's exploration ends: with inputs varying the search waits for the next input,
   * else it stops, saying why.
   */
  private void endInput(String reason, boolean wasExhausted) {
    if (!perInput) {
      stopReason = reason;
      return;
    }
    inputDone = true;
    if (wasExhausted) {
      inputsExhausted++;
    } else {
      inputsGivenUp++;
    }
  }

  @Override
  public void beginRun(long runNumber) {
    this.runNumber = runNumber;
    running = null;
    if (elsewhere) {
      elsewhere = false;
      mode = Mode.ELSEWHERE;
      current = new ScheduleFollower(null);
    } else if (needBase) {
      mode = Mode.BASE;
      current = new ScheduleFollower(null);
    } else if (pending != null) {
      mode = Mode.CHOICE;
      running = pending;
      current = new ScheduleFollower(pendingSchedule, siteKeys);
      pending = null;
      pendingSchedule = null;
    } else {
      // planning settled its share of infeasible choices without finding one to run, or the
      // search is over: a run between, so that the campaign can check its budgets
      mode = Mode.BETWEEN;
      current = new ScheduleFollower(null);
    }
    current.beginRun(runNumber);
  }

  @Override
  public int choose(SchedulingPoint point) {
    return current.choose(point);
  }

  @Override
  public void endRun(RunResult result) {
    current.endRun(result);
    lastRun = runNumber;
    lastNewKeys = new long[0];
    // a hang is cut short: its trace is not the run's whole set of reads and writes
    boolean analysable =
        (result.outcome() == RunResult.Outcome.PASSED
                || result.outcome() == RunResult.Outcome.FAILED)
            && result.failures().stream().noneMatch(f -> f.kind() == FindingKind.HANG);
    switch (mode) {
      case BASE -> {
        lastOrigin = "first";
        base(result, analysable);
      }
      case CHOICE -> {
        lastOrigin = "planned";
        settle(running, analysable && realised(result, running));
        running = null;
      }
      case BETWEEN -> lastOrigin = "between";
      case ELSEWHERE -> lastOrigin = "fresh";
    }
    if (!needBase && !exhausted) {
      advance();
    }
  }

  private void base(RunResult result, boolean analysable) {
    if (!analysable) {
      if (++baseAttempts >= MAX_BASE_ATTEMPTS) {
        endInput(
            "bounded interference has no base run to analyse ("
                + baseAttempts
                + " runs ended "
                + result.outcome().name().toLowerCase(java.util.Locale.ROOT)
                + ")",
            false);
      }
      return;
    }
    Trace trace = result.trace();
    if (!budget.fits(trace.size())) {
      endInput(
          String.format(
              "the base run has %,d events, more than the graph budget of %,d (--graph-events):"
                  + " bounded interference plans on the whole run",
              trace.size(), budget.maxEvents()),
          false);
      return;
    }
    needBase = false;
    inputs++;
    space = InterferenceSpace.of(graph(result), readsFrom(result));
    for (int k = 0; k <= bound; k++) {
      choicesByK[k] += space.choices(k);
    }
    enumerator = new ChoiceEnumerator(space, bound, input);
  }

  private InterleavingGraph graph(RunResult result) {
    Trace trace = result.trace();
    return GraphBuilder.build(
        trace, result.threadNames(), siteKeys, TraceWindow.whole(trace.size()));
  }

  private static ReadsFrom readsFrom(RunResult result) {
    return ReadsFrom.of(result.trace(), TraceWindow.whole(result.trace().size()));
  }

  private boolean realised(RunResult result, InterferenceChoice choice) {
    return InterferenceCheck.realised(graph(result), readsFrom(result), choice);
  }

  private void settle(InterferenceChoice choice, boolean feasible) {
    explored.add(choice.key());
    if (feasible) {
      covered.add(choice.key());
      feasibleByK[choice.k()]++;
      lastNewKeys = new long[] {choice.key()};
    } else {
      infeasibleByK[choice.k()]++;
      divergedByK[choice.k()]++;
    }
  }

  /**
   * Finds the next choice that can be planned, settling on the way those already explored and those
   * whose orders contradict each other; exhausted when none is left.
   */
  private void advance() {
    int settledNow = 0;
    while (pending == null) {
      if (settledNow++ >= MAX_SETTLED_BETWEEN_RUNS) {
        return; // the next run is one between: the campaign checks its budgets and stop requests
      }
      InterferenceChoice c = enumerator.next();
      if (c == null) {
        exhausted = true;
        endInput(EXHAUSTED, true);
        return;
      }
      if (explored.contains(c.key())) {
        skippedByK[c.k()]++;
        continue;
      }
      Schedule schedule = InterferencePlanner.plan(space, c);
      if (schedule == null) {
        explored.add(c.key());
        infeasibleByK[c.k()]++;
        continue;
      }
      pending = c;
      pendingSchedule = schedule;
    }
  }

  @Override
  public String stopReason() {
    return stopReason;
  }

  private static long sum(long[] a) {
    long s = 0;
    for (long x : a) {
      s += x;
    }
    return s;
  }

  private long settled() {
    return sum(feasibleByK) + sum(infeasibleByK) + sum(skippedByK);
  }

  @Override
  public Map<String, Object> summarySections() {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("bound", bound);
    section.put("choices", sum(choicesByK));
    section.put("feasible", sum(feasibleByK));
    section.put("infeasible", sum(infeasibleByK));
    section.put("explored", settled());
    section.put("exhausted", exhausted);
    section.put("diverged", sum(divergedByK));
    section.put("alreadyExplored", sum(skippedByK));
    section.put("inputs", inputs);
    if (perInput) {
      section.put("inputsExhausted", inputsExhausted);
      section.put("inputsGivenUp", inputsGivenUp);
    }
    List<Object> byK = new ArrayList<>();
    for (int k = 0; k <= bound; k++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("k", k);
      row.put("choices", choicesByK[k]);
      row.put("feasible", feasibleByK[k]);
      row.put("infeasible", infeasibleByK[k]);
      row.put("diverged", divergedByK[k]);
      byK.add(row);
    }
    section.put("byK", byK);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("interference", section);
    return out;
  }

  @Override
  public Map<String, Number> stats() {
    Map<String, Number> out = new LinkedHashMap<>();
    out.put("interferenceBound", bound);
    out.put("interferenceChoices", sum(choicesByK));
    out.put("interferenceFeasible", sum(feasibleByK));
    out.put("interferenceInfeasible", sum(infeasibleByK));
    out.put("interferenceExplored", settled());
    return out;
  }

  @Override
  public String status() {
    int k = enumerator == null ? 0 : Math.max(0, enumerator.k());
    return String.format(
        "interference k=%d of %d: %,d of %,d choices explored, %,d feasible, %,d infeasible%s",
        k,
        bound,
        settled(),
        sum(choicesByK),
        sum(feasibleByK),
        sum(infeasibleByK),
        exhausted ? " (exhausted)" : "");
  }

  @Override
  public String describe() {
    return "bi(k<=" + bound + ")";
  }

  // coverage feedback, for fuzz: a feasible choice is a key

  @Override
  public void restoreCoverage(long[] keys) {
    for (long k : keys) {
      explored.add(k);
      covered.add(k);
    }
  }

  /**
   * Corpus schedules are not replayed: the space comes from the base run of each input. (Only
   * feasible choices are keys, so a resumed session plans the infeasible ones once more.)
   */
  @Override
  public void offerSeed(String entry, int[] decisions) {}

  /** Every session needs its base run: the space is rebuilt from it. */
  @Override
  public void skipNonPreemptiveRun() {}

  @Override
  public int pendingSeeds() {
    return 0;
  }

  @Override
  public long lastAnalysedRun() {
    return lastRun;
  }

  @Override
  public void finishAnalysis() {}

  @Override
  public long[] lastRunNewKeys() {
    return lastNewKeys.clone();
  }

  @Override
  public long[] lastRunRealisedConflicts() {
    return new long[0];
  }

  @Override
  public String lastRunOrigin() {
    return lastOrigin;
  }

  @Override
  public long lastRunParent() {
    return -1;
  }

  @Override
  public String lastRunParentEntry() {
    return null;
  }

  @Override
  public int coveredKeys() {
    return covered.size();
  }

  @Override
  public int pendingPlans() {
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, sum(choicesByK) - settled()));
  }

  @Override
  public Double realisedPercent() {
    long ran = sum(feasibleByK) + sum(divergedByK);
    return ran == 0 ? null : 100.0 * sum(feasibleByK) / ran;
  }
}
