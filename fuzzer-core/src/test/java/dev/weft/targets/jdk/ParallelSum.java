package dev.weft.targets.jdk;

import java.util.stream.IntStream;

/**
 * Buggy: a parallel stream's workers add to a plain static. The stream splits the range into tasks
 * that the JDK forks to its common pool, so two workers can read the same total and one addition is
 * lost.
 */
public final class ParallelSum {
  static int total;

  public static void main(String[] args) {
    total = 0;
    IntStream.rangeClosed(1, 4).parallel().forEach(i -> total += i);
    if (total != 10) {
      throw new AssertionError("the sum of 1..4 came out as " + total);
    }
  }
}
