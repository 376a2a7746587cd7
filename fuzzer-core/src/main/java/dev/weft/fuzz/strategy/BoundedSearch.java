package dev.weft.fuzz.strategy;

import java.util.Map;

/**
 * A strategy whose search has an end: once it has explored everything within its bound, more runs
 * would only repeat, so the campaign stops and says why. Its coverage statement goes into {@code
 * summary.json} as sections of their own.
 */
public interface BoundedSearch {
  /** Why the campaign should stop now, or null while the search goes on. */
  String stopReason();

  /** Sections for {@code summary.json}, by name (JSON-ready maps, lists, numbers, booleans). */
  Map<String, Object> summarySections();
}
