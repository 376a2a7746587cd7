package dev.weft.targets.jdk;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedTransferQueue;

/**
 * Buggy: asserts more than {@code ConcurrentLinkedQueue.size()} promises. The mover takes the one
 * element out before it puts the next in, so the queue never holds two; but {@code size()} walks
 * the nodes while they change (the JDK calls it "not very useful in concurrent applications"), and
 * can count the old element and the new one. Argument {@code transfer}: the same on a {@code
 * LinkedTransferQueue}, whose {@code size()} walks its nodes too.
 */
public final class QueueSizeBound {
  public static void main(String[] args) throws InterruptedException {
    boolean transfer = args.length > 0 && args[0].equals("transfer");
    Queue<Integer> queue = transfer ? new LinkedTransferQueue<>() : new ConcurrentLinkedQueue<>();
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
