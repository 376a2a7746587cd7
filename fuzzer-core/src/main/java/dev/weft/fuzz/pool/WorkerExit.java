package dev.weft.fuzz.pool;

/**
 * What a worker's exit code means to its pool. The codes are those of {@code weft fuzz}, plus one
 * that only a worker uses: its target left a thread running that could not be stopped, so its JVM
 * should not run the target again.
 */
public enum WorkerExit {
  /** Its budget was reached or it was told to stop (exit 0 or 1). */
  DONE,
  /** Its settings are wrong (exit 2): every worker would fail alike, so the pool stops. */
  CONFIGURATION,
  /** It must be replaced by a fresh JVM (a stuck target thread, Weft failed, or it was killed). */
  REPLACE;

  /** The exit code of a worker whose target thread could not be stopped. */
  public static final int TARGET_STUCK = 5;

  static WorkerExit of(int code) {
    return switch (code) {
      case 0, 1 -> DONE;
      case 2 -> CONFIGURATION;
      default -> REPLACE;
    };
  }
}
