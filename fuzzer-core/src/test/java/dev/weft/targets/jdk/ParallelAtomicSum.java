package dev.weft.targets.jdk;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Correct: {@link ParallelSum} with an atomic total, and a parallel reduction besides: whatever
 * order the common pool's workers take the tasks in, the sums come out right.
 */
public final class ParallelAtomicSum {
  public static void main(String[] args) {
    AtomicInteger total = new AtomicInteger();
    IntStream.rangeClosed(1, 4).parallel().forEach(total::addAndGet);
    int reduced = IntStream.rangeClosed(1, 4).parallel().map(i -> i * i).sum();
    if (total.get() != 10 || reduced != 30) {
      throw new AssertionError("sums of 1..4 came out as " + total.get() + " and " + reduced);
    }
  }
}
