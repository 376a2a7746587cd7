package dev.weft.runtime.random;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The randomness a run draws: {@code new Random()}, {@code Math.random()}, {@code
 * ThreadLocalRandom}, {@code UUID.randomUUID()} and every {@code SecureRandom} ({@link
 * RunRandomProvider}) take their values from one stream per run, started from the same seed in
 * every run. The JDK seeds them from the clock, a process-wide counter or the operating system, so
 * a run that drew a random session id (as a database client does) or a random key for a hash map
 * did not repeat when replayed. Draws happen in the order the schedule gives the threads, so a
 * replay draws the same values. A thread Weft does not control gets the JDK's randomness.
 */
public final class RunRandomness {
  /** Every run's stream starts here; a run differs from another by its schedule alone. */
  private static final long SEED = Long.getLong("weft.randomSeed", 0x5eed_0f_7e57L);

  private static final RunLocal<SplittableRandom> OF_RUN =
      new RunLocal<>(() -> new SplittableRandom(SEED));

  private RunRandomness() {}

  /** The run's stream, for a thread of the run outside Weft's own work; else null. */
  static SplittableRandom of(ControlledThread t) {
    return t == null || t.inJdk().servingJdk() ? null : OF_RUN.of(t.scheduler());
  }

  /** The run's stream for the calling thread, or null outside a run ({@code ThreadLocalRandom}). */
  public static SplittableRandom forThread() {
    return of(ControlledThread.current());
  }

  /** After {@code new Random()} in target code: seeded from the run. */
  public static void made(Random random) {
    SplittableRandom run = of(ControlledThread.current());
    if (run != null && random != null) {
      random.setSeed(run.nextLong());
    }
  }

  public static double random() {
    SplittableRandom run = of(ControlledThread.current());
    return run == null ? Math.random() : run.nextDouble();
  }

  public static UUID randomUUID() {
    SplittableRandom run = of(ControlledThread.current());
    if (run == null) {
      return UUID.randomUUID();
    }
    long most = run.nextLong();
    long least = run.nextLong();
    most = (most & ~0xf000L) | 0x4000L; // version 4
    least = (least & ~(0xc0L << 56)) | (0x80L << 56); // IETF variant
    return new UUID(most, least);
  }

  /** Fills {@code bytes} from the run's stream; false for a thread outside a run. */
  static boolean nextBytes(byte[] bytes) {
    SplittableRandom run = of(ControlledThread.current());
    if (run == null) {
      return false;
    }
    run.nextBytes(bytes);
    return true;
  }
}
