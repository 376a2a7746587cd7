package dev.weft.targets.pass.barriers;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * {@code CyclicBarrier}: its action runs before any party passes, and every index is given once.
 */
public final class Barriers {
  private Barriers() {}

  static int generations;

  public static void barrierRunsItsActionFirst() throws InterruptedException {
    generations = 0;
    CyclicBarrier barrier = new CyclicBarrier(3, () -> generations++);
    Set<Integer> indices = new HashSet<>();
    Runnable body =
        () -> {
          try {
            int index = barrier.await();
            check(generations == 1, "a party passed the barrier before its action ran");
            synchronized (indices) {
              indices.add(index);
            }
          } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
          }
        };
    joinAll(startAll(body, body, body));
    check(indices.equals(Set.of(0, 1, 2)), "arrival indices " + indices);
  }
}
