package dev.weft.runtime.races;

import java.util.Locale;

/**
 * Which unordered accesses the race oracle reports. Calls on JDK objects that are not thread-safe
 * are on by default: such a race is a bug whatever the interleaving. Plain fields are opt-in, since
 * benign races on them (a racy cache of an idempotent value, a statistics counter) are common.
 */
public enum RaceMode {
  /** No race oracle. */
  OFF,
  /** Calls on instances of {@link NotThreadSafe} classes. */
  JDK,
  /** Also plain (non-volatile) fields and array elements of target code. */
  FIELDS;

  public static final RaceMode DEFAULT = JDK;

  /** The option's spelling: {@code off}, {@code jdk}, {@code fields}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@link #label()}; throws with the accepted values otherwise. */
  public static RaceMode parse(String text) {
    for (RaceMode m : values()) {
      if (m.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "unknown race mode '" + text + "' (expected off, jdk or fields)");
  }
}
