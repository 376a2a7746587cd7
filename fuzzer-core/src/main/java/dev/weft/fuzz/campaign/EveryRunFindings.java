package dev.weft.fuzz.campaign;

import dev.weft.corpus.campaign.FindingStore;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The failures found in the first run of a campaign (or session) and in every run since. A failure
 * every interleaving makes is rarely a concurrency bug: most often the program throws it on purpose
 * (a test injecting a fault to reach its failure path), and it hides whatever follows it. Saying so
 * points the user at {@code --ignore-exception}.
 */
public final class EveryRunFindings {
  /** Runs before "every run" means something. */
  public static final int MIN_RUNS = 20;

  /** What every note about a failure found in every run says. */
  public static final String MARK = " was found in every run (";

  /** Signatures in every judged run so far, with the failure as first seen; null before one. */
  private Map<String, Failure> always;

  private long runs;
  private boolean said;

  /** Takes in a run; skipped and diverged runs were not judged and do not count. */
  public void observe(RunResult run) {
    if (run.outcome() != RunResult.Outcome.PASSED && run.outcome() != RunResult.Outcome.FAILED) {
      return;
    }
    runs++;
    if (always == null) {
      always = new LinkedHashMap<>();
      for (Failure f : run.failures()) {
        always.putIfAbsent(f.signature(), f);
      }
      return;
    }
    if (!always.isEmpty()) {
      List<String> seen = new ArrayList<>();
      for (Failure f : run.failures()) {
        seen.add(f.signature());
      }
      always.keySet().retainAll(seen);
    }
  }

  /** Judged runs so far. */
  public long runs() {
    return runs;
  }

  /**
   * The notes to print now, once: for each failure found in every one of the first {@link
   * #MIN_RUNS} runs; empty before and after.
   */
  public List<String> takeNotes() {
    if (said || runs < MIN_RUNS) {
      return List.of();
    }
    said = true;
    return notes();
  }

  /** A note for each failure found in every run so far (none before {@link #MIN_RUNS} runs). */
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (runs < MIN_RUNS || always == null) {
      return notes;
    }
    for (Failure f : always.values()) {
      notes.add(note(f, runs));
    }
    return notes;
  }

  /** Whether the failure of this signature was found in every run so far (and enough of them). */
  public boolean inEveryRun(String signature) {
    return runs >= MIN_RUNS && always != null && always.containsKey(signature);
  }

  static String note(Failure f, long runs) {
    String id = FindingStore.id(f.kind(), f.signature());
    String text = id + MARK + runs + " of " + runs + "): expected?";
    String thrown = thrownClass(f);
    if (thrown == null) {
      return text;
    }
    return text
        + " If the program throws "
        + thrown
        + " on purpose, --ignore-exception "
        + thrown
        + " lets the search look past it";
  }

  /**
   * What to say of a campaign that stopped at its first run on an exception: that run is the one
   * without preemptions, so every interleaving may fail alike; null for other failures.
   */
  public static String firstRunHint(Failure f) {
    String thrown = thrownClass(f);
    if (thrown == null) {
      return null;
    }
    return "found in the first run, the one without preemptions: if the program throws "
        + thrown
        + " on purpose, --ignore-exception "
        + thrown
        + " lets the search go on past it (--keep-going shows whether every run throws it)";
  }

  /** The class an exception or assertion finding names, from its signature. */
  static String thrownClass(Failure f) {
    if (f.kind() != FindingKind.EXCEPTION && f.kind() != FindingKind.ASSERTION) {
      return null;
    }
    String s = f.signature();
    int start = s.indexOf(':') + 1;
    int end = s.indexOf('|', start);
    return end < 0 ? s.substring(start) : s.substring(start, end);
  }
}
