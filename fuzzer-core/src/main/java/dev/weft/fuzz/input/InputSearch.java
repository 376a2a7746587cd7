package dev.weft.fuzz.input;

import dev.weft.fuzz.strategy.CoverageFeedback;
import dev.weft.fuzz.strategy.FreshRunPortfolio;
import dev.weft.fuzz.strategy.PerInputStrategy;
import dev.weft.fuzz.strategy.ScheduleOrigin;
import dev.weft.runtime.api.Strategy;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.input.RunEdges;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Searches a fuzz target's inputs side by side with its schedules (seed 003: a concurrency bug
 * often needs the right input and the right interleaving, and a tester that takes inputs as given
 * misses it). Every run is a pair (input, schedule). Before each run the campaign's bandit ({@link
 * FreshRunPortfolio}, the one that picks fresh schedules) chooses between two arms: <em>input</em>,
 * a mutant of a kept input ({@link InputMutator}) with a fresh schedule, whatever schedules are
 * queued; and <em>schedule</em>, the strategy's next schedule with the input it belongs to (the
 * input of the run a plan was made on, or of the corpus entry it replays) or, for a fresh schedule,
 * a kept input unchanged. A run that reaches a branch edge (or hit-count bucket) no run reached
 * keeps its input ({@link EdgeMap}); a run that adds schedule coverage keeps its schedule, as
 * before, and since a plan is run with its source's input, both kinds of news are mutated in both
 * directions. An arm is rewarded when its run brought either kind.
 *
 * <p>A strategy that explores one input at a time ({@link PerInputStrategy}, bounded interference)
 * is driven input by input: every input kept for new edges is queued for it, and when it is done
 * with one input it gets the next ({@link PerInputStrategy#newInput}); the schedule arm then runs
 * its exploration with that input, and the input arm a mutant with a run of its own while the
 * exploration waits. With nothing left to explore every run goes to new inputs.
 */
public final class InputSearch {
  /**
   * Runs whose inputs are remembered, for the plans made on them (planned one or two runs late).
   */
  static final int HISTORY = 4_096;

  /** Comparison operand pairs kept for mutations, the newest. */
  static final int COMPARISONS = 1_024;

  private static final String INPUT_ARM = "input";
  private static final String SCHEDULE_ARM = "schedule";

  private final InputOptions options;
  private final InputMutator mutator;
  private final SplittableRandom random;
  private final EdgeMap edges = new EdgeMap();
  private final List<Kept> kept = new ArrayList<>();
  private final List<byte[]> keptInputs = new ArrayList<>();
  private final Set<String> keptKeys = new HashSet<>();
  private final Long2ObjectLinkedOpenHashMap<byte[]> history = new Long2ObjectLinkedOpenHashMap<>();
  private final Map<String, byte[]> entryInputs = new HashMap<>();
  private final LongLinkedOpenHashSet comparisons = new LongLinkedOpenHashSet();
  private final FreshRunPortfolio bandit;
  private final FreshRunPortfolio.Arm inputArm;
  private final FreshRunPortfolio.Arm scheduleArm;
  private final Map<Long, Pending> pending = new LinkedHashMap<>();

  /** Kept inputs a per-input strategy has still to explore, oldest first. */
  private final ArrayDeque<byte[]> toExplore = new ArrayDeque<>();

  /** The input a per-input strategy explores now: the initial one until it is done with it. */
  private byte[] exploring;

  private FreshRunPortfolio.Arm currentArm;
  private byte[] current;
  private boolean currentMutated;
  private long inputRuns;
  private long scheduleRuns;

  /**
   * A kept input and the comparisons its run made: a mutation writes what those comparisons wanted
   * over what they saw (input-to-state, as Redqueen), which is only meaningful for that input.
   */
  private record Kept(byte[] input, long[] comparisons) {}

  /** A run whose reward waits for the strategy's analysis of its schedule. */
  private record Pending(FreshRunPortfolio.Arm arm, int newEdges) {}

  public InputSearch(InputOptions options, long seed) {
    this.options = options;
    this.random = new SplittableRandom(seed ^ 0x1A2B3C4DL);
    this.mutator = new InputMutator(seed, options.maxLength());
    this.inputArm = new FreshRunPortfolio.Arm(INPUT_ARM, null);
    this.scheduleArm = new FreshRunPortfolio.Arm(SCHEDULE_ARM, null);
    this.bandit = new FreshRunPortfolio(List.of(scheduleArm, inputArm), seed);
    keep(options.initial(), new long[0]);
    this.exploring = options.initial();
  }

  /** Chooses the next run's input (and, for the input arm, makes its schedule fresh). */
  public void beforeRun(RunExecutor executor, Strategy strategy) {
    current = choose(strategy);
    executor.useInput(current);
  }

  private byte[] choose(Strategy strategy) {
    currentMutated = false;
    switch (options.mode()) {
      case FIXED -> {
        currentArm = scheduleArm;
        scheduleRuns++;
        return options.initial();
      }
      case INPUTS_ONLY -> currentArm = inputArm;
      case SEARCH -> currentArm = bandit.choose();
    }
    if (strategy instanceof PerInputStrategy perInput) {
      return chooseExploring(perInput);
    }
    ScheduleOrigin origin = strategy instanceof ScheduleOrigin o ? o : null;
    if (currentArm == inputArm) {
      if (origin != null) {
        origin.nextRunFresh();
      }
      return mutant();
    }
    scheduleRuns++;
    if (origin != null) {
      long source = origin.nextRunSource();
      if (source >= 0 && history.containsKey(source)) {
        return history.get(source).clone();
      }
      String entry = origin.nextRunEntry();
      if (entry != null && entryInputs.containsKey(entry)) {
        return entryInputs.get(entry).clone();
      }
    }
    return base().input().clone();
  }

  private byte[] mutant() {
    inputRuns++;
    currentMutated = true;
    Kept base = base();
    long[] wanted = base.comparisons().length > 0 ? base.comparisons() : comparisons.toLongArray();
    return mutator.mutate(base.input(), keptInputs, wanted);
  }

  /**
   * For a strategy that explores one input at a time: the schedule arm runs its exploration with
   * the input explored, moving on to the next queued input when it is done with one; the input arm,
   * or a schedule arm with nothing left to explore, runs a mutant while the exploration waits.
   */
  private byte[] chooseExploring(PerInputStrategy strategy) {
    strategy.inputsVary();
    if (!strategy.exploringInput() && !toExplore.isEmpty()) {
      exploring = toExplore.removeFirst();
      strategy.newInput(inputKey(exploring));
    }
    if (currentArm == scheduleArm && strategy.exploringInput()) {
      scheduleRuns++;
      return exploring.clone();
    }
    currentArm = inputArm;
    strategy.nextRunElsewhere();
    return mutant();
  }

  /**
   * A 64-bit name of an input's bytes (FNV-1a over the length and the bytes), by which a per-input
   * strategy tells inputs apart; the initial input keeps the strategy's name for its given input.
   */
  static long inputKey(byte[] input) {
    long h = 0xcbf29ce484222325L ^ input.length;
    for (byte b : input) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }

  /** A kept input to start from: the newest half the time, else any. */
  private Kept base() {
    int i = random.nextBoolean() ? kept.size() - 1 : random.nextInt(kept.size());
    return kept.get(i);
  }

  /**
   * Learns from the run just made: its input is kept if it reached new edges; the arm that made it
   * is rewarded once the strategy has also said whether its schedule was news. Returns the new
   * (edge, bucket) pairs ({@link EdgeMap#add}).
   */
  public int[] afterRun(long run, RunEdges runEdges, Strategy strategy) {
    history.put(run, current);
    while (history.size() > HISTORY) {
      history.removeFirst();
    }
    for (long pair : runEdges.comparisons()) {
      comparisons.addAndMoveToLast(pair);
    }
    while (comparisons.size() > COMPARISONS) {
      comparisons.removeFirstLong();
    }
    int[] fresh = edges.add(runEdges);
    if (fresh.length > 0
        && keep(current, runEdges.comparisons())
        && strategy instanceof PerInputStrategy
        && options.mode() != InputOptions.Mode.FIXED) {
      toExplore.addLast(current.clone());
    }
    pending.put(run, new Pending(currentArm, fresh.length));
    settle(run, strategy);
    return fresh;
  }

  /**
   * Rewards the runs whose schedules the strategy has judged: all before this one (the analysis is
   * at most one run late), the analysed one with its new schedule keys; this one too when the
   * strategy judges no schedules.
   */
  private void settle(long run, Strategy strategy) {
    if (options.mode() != InputOptions.Mode.SEARCH) {
      pending.clear();
      return;
    }
    CoverageFeedback feedback = strategy instanceof CoverageFeedback f ? f : null;
    long analysed = feedback == null ? -1 : feedback.lastAnalysedRun();
    int keys = feedback == null ? 0 : feedback.lastRunNewKeys().length;
    var it = pending.entrySet().iterator();
    while (it.hasNext()) {
      var e = it.next();
      long r = e.getKey();
      if (feedback != null && r >= run) {
        break;
      }
      Pending p = e.getValue();
      bandit.reward(p.arm(), p.newEdges() + (r == analysed ? keys : 0));
      it.remove();
    }
  }

  /** Keeps an input not kept yet; whether it was new. */
  private boolean keep(byte[] input, long[] compared) {
    String key = Arrays.toString(input);
    if (keptKeys.add(key)) {
      kept.add(new Kept(input.clone(), compared));
      keptInputs.add(input.clone());
      return true;
    }
    return false;
  }

  /** The input of the run just made. */
  public byte[] currentInput() {
    return current == null ? options.initial() : current.clone();
  }

  /** Whether the run just made ran a mutated input. */
  public boolean currentInputMutated() {
    return currentMutated;
  }

  /**
   * The input of a corpus entry, for when a strategy replays that entry's schedule (a resumed
   * session, another worker's entry); it is kept as well.
   */
  public void knowEntry(String entry, byte[] input) {
    entryInputs.put(entry, input.clone());
    keep(input, new long[0]);
  }

  /** Marks the edges of an earlier session's entries as reached. */
  public void restoreEdges(int[] reached) {
    edges.restore(reached);
  }

  /** Remembers the input under the entry name a run was saved as, for plans made from it later. */
  public void nameRun(long run, String entry) {
    byte[] input = history.get(run);
    if (input != null) {
      entryInputs.put(entry, input);
    }
  }

  /** The input of an earlier run, if it is remembered. */
  public byte[] inputOf(long run) {
    byte[] input = history.get(run);
    return input == null ? null : input.clone();
  }

  public Map<String, Number> stats() {
    Map<String, Number> out = new LinkedHashMap<>();
    out.put("inputs.kept", kept.size());
    out.put("inputs.edges", edges.edges());
    out.put("inputs.inputRuns", inputRuns);
    out.put("inputs.scheduleRuns", scheduleRuns);
    return out;
  }

  /** The progress line's part: edges and kept inputs. */
  public String status() {
    return "edges " + edges.edges() + "  inputs " + kept.size();
  }
}
