package dev.weft.runtime.races;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;

/**
 * FastTrack's check per variable: the last write as an epoch (thread, that thread's clock), the
 * reads since as one epoch per reading thread. An access races with an earlier one whose epoch its
 * thread's clock does not cover. Each pair of sites is reported once per run.
 */
final class RaceChecker {
  /** Races past this many in one run are not collected: the first ones name the bug. */
  static final int MAX_PER_RUN = 16;

  /** An access as the checker keeps it: its thread's epoch and what to report. */
  private record Epoch(int thread, int clock, RaceAccess access) {}

  private static final class Variable {
    Epoch write;
    List<Epoch> reads = new ArrayList<>(2);
  }

  /** The target of a variable's races, computed only when one is reported. */
  interface Describer {
    String describe(long variable, RaceAccess access);
  }

  private final Long2ObjectOpenHashMap<Variable> variables = new Long2ObjectOpenHashMap<>();
  private final LongOpenHashSet reportedPairs = new LongOpenHashSet();
  private final List<Race> races = new ArrayList<>();
  private final Describer describer;

  RaceChecker(Describer describer) {
    this.describer = describer;
  }

  void access(long variable, int[] clock, RaceAccess access) {
    Variable v = variables.get(variable);
    if (v == null) {
      v = new Variable();
      variables.put(variable, v);
    }
    int t = access.thread();
    if (v.write != null && !covers(clock, v.write)) {
      report(variable, v.write.access(), access);
    }
    if (access.write()) {
      for (Epoch r : v.reads) {
        if (!covers(clock, r)) {
          report(variable, r.access(), access);
        }
      }
      v.reads.clear();
      v.write = new Epoch(t, clock[t], access);
    } else {
      for (int i = 0; i < v.reads.size(); i++) {
        if (v.reads.get(i).thread() == t) {
          v.reads.remove(i);
          break;
        }
      }
      v.reads.add(new Epoch(t, clock[t], access));
    }
  }

  private static boolean covers(int[] clock, Epoch e) {
    return e.clock() <= clock[e.thread()];
  }

  private void report(long variable, RaceAccess earlier, RaceAccess later) {
    if (races.size() >= MAX_PER_RUN) {
      return;
    }
    int a = Math.min(earlier.site(), later.site());
    int b = Math.max(earlier.site(), later.site());
    if (reportedPairs.add(((long) a << 32) | (b & 0xffffffffL))) {
      races.add(new Race(earlier, later, describer.describe(variable, later)));
    }
  }

  List<Race> races() {
    return races;
  }
}
