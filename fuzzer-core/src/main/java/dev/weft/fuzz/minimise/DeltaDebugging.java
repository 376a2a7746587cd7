package dev.weft.fuzz.minimise;

import java.util.ArrayList;
import java.util.List;

/**
 * Delta debugging ({@code ddmin}, Zeller and Hildebrandt, "Simplifying and Isolating
 * Failure-Inducing Input", 2002) over a list of changes: split the configuration into {@code n}
 * parts, keep a part or a complement that still fails, else split finer, until no single change can
 * be left out. The result is 1-minimal: removing any one remaining change loses the failure.
 *
 * <p>One twist for schedules: a test that fails may answer with a configuration of its own instead
 * of the subset it was given, the switches the run actually made (a candidate's switch may not be
 * taken, and the run may need one the candidate did not name). The search goes on from that
 * configuration. A test only answers when its run is strictly better by a well-founded measure
 * (fewer preemptions, threads, steps), so the search ends.
 *
 * @param <T> one change
 */
final class DeltaDebugging<T> {

  /** Runs one candidate configuration. */
  interface Test<T> {
    /**
     * @return the configuration to go on from if the candidate still fails and is better, else null
     * @throws BudgetSpent when the minimiser may not run anything more
     */
    List<T> test(List<T> candidate);
  }

  /** Thrown by a test when the budget is spent: the best configuration so far stands. */
  static final class BudgetSpent extends RuntimeException {
    BudgetSpent() {
      super("minimisation budget spent", null, false, false);
    }
  }

  private DeltaDebugging() {}

  /**
   * The 1-minimal configuration reached from {@code items} (or the best before the budget ran out).
   */
  static <T> List<T> minimise(List<T> items, Test<T> test) {
    List<T> c = List.copyOf(items);
    if (c.isEmpty()) {
      return c;
    }
    List<T> none = test.test(List.of());
    if (none != null) {
      return none;
    }
    int n = 2;
    while (c.size() >= 2) {
      List<List<T>> parts = split(c, n);
      List<T> next = null;
      for (List<T> part : parts) {
        next = test.test(part);
        if (next != null) {
          n = 2;
          break;
        }
      }
      if (next == null && n > 2) {
        for (int i = 0; i < parts.size() && next == null; i++) {
          next = test.test(complement(parts, i));
        }
        if (next != null) {
          n = Math.max(n - 1, 2);
        }
      }
      if (next != null) {
        c = List.copyOf(next);
        if (c.size() == 1 && (next = test.test(List.of())) != null) {
          return next;
        }
        continue;
      }
      if (n >= c.size()) {
        break;
      }
      n = Math.min(2 * n, c.size());
    }
    return c;
  }

  /** {@code c} cut into {@code n} parts of nearly equal size, in order. */
  static <T> List<List<T>> split(List<T> c, int n) {
    List<List<T>> parts = new ArrayList<>(n);
    int from = 0;
    for (int i = 0; i < n; i++) {
      int to = from + (c.size() - from) / (n - i);
      parts.add(c.subList(from, to));
      from = to;
    }
    return parts;
  }

  private static <T> List<T> complement(List<List<T>> parts, int skip) {
    List<T> out = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      if (i != skip) {
        out.addAll(parts.get(i));
      }
    }
    return out;
  }
}
