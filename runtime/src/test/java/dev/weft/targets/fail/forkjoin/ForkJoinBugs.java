package dev.weft.targets.fail.forkjoin;

import static dev.weft.targets.Checks.check;

import dev.weft.targets.pass.forkjoin.ForkJoin.Count;
import dev.weft.targets.pass.forkjoin.ForkJoin.Counter;

/** Leaves of a fork/join recursion that sum into an unsynchronised counter. */
public final class ForkJoinBugs {
  private ForkJoinBugs() {}

  static final class RacyCounter implements Counter {
    private int total;

    @Override
    public void add() {
      total++;
    }

    @Override
    public int total() {
      return total;
    }
  }

  /** Bug: leaves of the recursion update an unsynchronised counter. */
  public static void racyCountOnCommonPool() {
    RacyCounter c = new RacyCounter();
    new Count(4, c).invoke();
    check(c.total() == 4, "lost update: counted " + c.total());
  }
}
