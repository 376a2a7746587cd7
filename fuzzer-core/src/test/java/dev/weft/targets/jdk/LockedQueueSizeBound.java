package dev.weft.targets.jdk;

import java.util.ArrayDeque;

/**
 * Correct: {@link QueueSizeBound} on a queue whose every operation holds its lock, so {@code
 * size()} sees one moment of it and never counts more than one element.
 */
public final class LockedQueueSizeBound {
  private final ArrayDeque<Integer> elements = new ArrayDeque<>();

  synchronized void offer(int e) {
    elements.offer(e);
  }

  synchronized Integer poll() {
    return elements.poll();
  }

  synchronized int size() {
    return elements.size();
  }

  public static void main(String[] args) throws InterruptedException {
    LockedQueueSizeBound queue = new LockedQueueSizeBound();
    queue.offer(0);
    Thread mover =
        new Thread(
            () -> {
              for (int i = 1; i <= 2; i++) {
                queue.poll();
                queue.offer(i);
              }
            });
    mover.start();
    int counted = queue.size();
    mover.join();
    if (counted > 1) {
      throw new AssertionError(
          "size() counted " + counted + " though the queue never held more than one element");
    }
  }
}
