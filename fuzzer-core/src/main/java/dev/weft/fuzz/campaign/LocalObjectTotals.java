package dev.weft.fuzz.campaign;

import dev.weft.runtime.local.LocalObjects;

/**
 * What tracking thread-local objects did over a campaign: the accesses that needed no scheduling
 * point, and the escapes Weft did not see (an object one thread made, reached by another while
 * still counted local), which the user should hear about once.
 */
public final class LocalObjectTotals {
  /** Said once, the first time an escape was missed. */
  public static final String MISSED_NOTE =
      "an object one thread made was reached by another before Weft saw it handed over (code Weft"
          + " does not instrument may have passed it on); it was treated as shared from then on, so"
          + " interleavings of the accesses before may be missed: --local-objects off schedules"
          + " every access";

  private long elided;
  private long missed;

  /** Adds one run's counts; returns whether this run missed the campaign's first escape. */
  boolean add(LocalObjects run) {
    boolean first = missed == 0 && run.missedEscapes() > 0;
    elided += run.elidedAccesses();
    missed += run.missedEscapes();
    return first;
  }

  public long elidedAccesses() {
    return elided;
  }

  public long missedEscapes() {
    return missed;
  }
}
