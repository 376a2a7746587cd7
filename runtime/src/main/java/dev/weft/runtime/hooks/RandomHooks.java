package dev.weft.runtime.hooks;

import dev.weft.runtime.random.RunRandomness;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Random numbers target code draws ({@link RunRandomness}). Part of the ABI that instrumented code
 * calls: forwarding only.
 */
public final class RandomHooks {
  private RandomHooks() {}

  public static void made(Random random) {
    RunRandomness.made(random);
  }

  public static double random() {
    return RunRandomness.random();
  }

  public static UUID randomUUID() {
    return RunRandomness.randomUUID();
  }

  public static int nextInt(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextInt() : run.nextInt();
  }

  public static int nextIntBelow(ThreadLocalRandom r, int bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextInt(bound) : run.nextInt(bound);
  }

  public static int nextIntBetween(ThreadLocalRandom r, int origin, int bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextInt(origin, bound) : run.nextInt(origin, bound);
  }

  public static long nextLong(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextLong() : run.nextLong();
  }

  public static long nextLongBelow(ThreadLocalRandom r, long bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextLong(bound) : run.nextLong(bound);
  }

  public static long nextLongBetween(ThreadLocalRandom r, long origin, long bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextLong(origin, bound) : run.nextLong(origin, bound);
  }

  public static double nextDouble(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextDouble() : run.nextDouble();
  }

  public static double nextDoubleBelow(ThreadLocalRandom r, double bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextDouble(bound) : run.nextDouble(bound);
  }

  public static double nextDoubleBetween(ThreadLocalRandom r, double origin, double bound) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextDouble(origin, bound) : run.nextDouble(origin, bound);
  }

  public static boolean nextBoolean(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextBoolean() : run.nextBoolean();
  }

  public static float nextFloat(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextFloat() : run.nextFloat();
  }

  public static double nextGaussian(ThreadLocalRandom r) {
    SplittableRandom run = RunRandomness.forThread();
    return run == null ? r.nextGaussian() : run.nextGaussian();
  }

  public static void nextBytes(ThreadLocalRandom r, byte[] bytes) {
    SplittableRandom run = RunRandomness.forThread();
    if (run == null) {
      r.nextBytes(bytes);
    } else {
      run.nextBytes(bytes);
    }
  }
}
