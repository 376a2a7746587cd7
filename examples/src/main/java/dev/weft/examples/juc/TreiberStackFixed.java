package dev.weft.examples.juc;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Correct twin of {@link TreiberStack}: a push links its node with a compare-and-set on the head
 * and retries when another thread moved the head in between, as a pop does, so no node is lost or
 * popped twice. {@code args[0]} pushers (default 2) push {@code args[2]} values each (default 3);
 * {@code args[1]} poppers (default 2) pop until every pusher is done and the stack is empty,
 * parking for a microsecond whenever they find it empty. With 40 and 40 threads it is the
 * benchmarks' lock-free many-thread program.
 */
public final class TreiberStackFixed {
  private static final class Node {
    final int value;
    final Node next;

    Node(int value, Node next) {
      this.value = value;
      this.next = next;
    }
  }

  private final AtomicReference<Node> head = new AtomicReference<>();
  private final AtomicInteger pushersDone = new AtomicInteger();
  private final AtomicInteger popped = new AtomicInteger();
  private final AtomicInteger poppedSum = new AtomicInteger();

  private TreiberStackFixed() {}

  void push(int value) {
    while (true) {
      Node h = head.get();
      if (head.compareAndSet(h, new Node(value, h))) {
        return;
      }
    }
  }

  Node pop() {
    while (true) {
      Node h = head.get();
      if (h == null || head.compareAndSet(h, h.next)) {
        return h;
      }
    }
  }

  void drain(int pushers) {
    int count = 0;
    int sum = 0;
    while (true) {
      Node n = pop();
      if (n != null) {
        count++;
        sum += n.value;
      } else if (pushersDone.get() == pushers && head.get() == null) {
        break;
      } else {
        LockSupport.parkNanos(1_000);
      }
    }
    popped.addAndGet(count);
    poppedSum.addAndGet(sum);
  }

  public static void main(String[] args) throws InterruptedException {
    int pushers = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    int poppers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int values = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    TreiberStackFixed s = new TreiberStackFixed();
    Thread[] threads = new Thread[pushers + poppers];
    for (int i = 0; i < pushers; i++) {
      threads[i] =
          new Thread(
              () -> {
                for (int v = 1; v <= values; v++) {
                  s.push(v);
                }
                s.pushersDone.incrementAndGet();
              },
              "pusher-" + i);
    }
    for (int i = 0; i < poppers; i++) {
      threads[pushers + i] = new Thread(() -> s.drain(pushers), "popper-" + i);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    int expectedSum = pushers * values * (values + 1) / 2;
    if (s.popped.get() != pushers * values || s.poppedSum.get() != expectedSum) {
      throw new AssertionError(
          "popped "
              + s.popped.get()
              + " values summing to "
              + s.poppedSum.get()
              + ", pushed "
              + pushers * values
              + " summing to "
              + expectedSum);
    }
  }
}
