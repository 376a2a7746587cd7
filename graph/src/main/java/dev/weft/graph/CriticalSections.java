package dev.weft.graph;

/**
 * The monitor sections of a run: for each event, the innermost section that holds it, and for each
 * section its lock, its first and last event and the section around it. A section starts at the
 * outermost {@code MONITOR_ENTER} of a lock (or the {@code WAKE} that re-acquires it) and ends at
 * the matching outermost exit (or the {@code WAIT} that releases it); reentrant enters stay in one
 * section. Mutation uses this so that a flipped edge between two locked events also swaps the two
 * sections, the only way such an order can happen.
 */
public final class CriticalSections {
  /** No section. */
  public static final int NONE = -1;

  private final int[] sectionOf;
  private final long[] lock;
  private final int[] first;
  private final int[] last;
  private final int[] enclosing;

  CriticalSections(int[] sectionOf, long[] lock, int[] first, int[] last, int[] enclosing) {
    this.sectionOf = sectionOf;
    this.lock = lock;
    this.first = first;
    this.last = last;
    this.enclosing = enclosing;
  }

  public int count() {
    return lock.length;
  }

  /** The innermost section holding event {@code v}, or {@link #NONE}. */
  public int sectionOf(int v) {
    return sectionOf[v];
  }

  /** Run-local location of the section's lock. */
  public long lock(int section) {
    return lock[section];
  }

  /** The event that acquired the lock. */
  public int first(int section) {
    return first[section];
  }

  /** The event that released it, or {@link #NONE} if the run ended with the lock held. */
  public int last(int section) {
    return last[section];
  }

  /** The section this one is nested in, or {@link #NONE}. */
  public int enclosing(int section) {
    return enclosing[section];
  }
}
