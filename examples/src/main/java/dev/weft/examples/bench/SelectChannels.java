package dev.weft.examples.bench;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A correct program of select-style channels written with compare-and-set: {@code args[0]} senders
 * (default 40) each send {@code args[2]} values (default 10) into whichever of two one-slot
 * channels is free, and {@code args[1]} receivers (default 40) each select over both channels,
 * taking from the first that holds a value, as many values each as a sender sends. A receiver that
 * finds both empty puts itself on a lock-free stack of waiters and parks for a short while; a
 * sender wakes one waiter after each send, a sender that finds both full parks for a short while.
 * The main thread joins them all and checks the sum. For measuring many threads on a program's own
 * lock-free structure with parks (the shape of a channel library's select), as {@code
 * TreiberStackFixed} and {@code QueueHandOver} do for a stack and a blocking queue; not part of the
 * catalog.
 */
public final class SelectChannels {
  private static final long PARK_NANOS = 50_000;

  private final AtomicReference<Integer> left = new AtomicReference<>();
  private final AtomicReference<Integer> right = new AtomicReference<>();
  private final AtomicReference<Waiter> waiters = new AtomicReference<>();

  private record Waiter(Thread thread, Waiter next) {}

  private SelectChannels() {}

  public static void main(String[] args) throws InterruptedException {
    int senders = args.length > 0 ? Integer.parseInt(args[0]) : 40;
    int receivers = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    int values = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    if (senders != receivers) {
      throw new IllegalArgumentException("as many receivers as senders");
    }
    SelectChannels channels = new SelectChannels();
    long[] received = new long[receivers];
    Thread[] threads = new Thread[senders + receivers];
    for (int i = 0; i < senders; i++) {
      int me = i;
      threads[i] =
          new Thread(
              () -> {
                for (int v = 1; v <= values; v++) {
                  channels.send(v, (me + v) % 2 == 0);
                }
              },
              "sender-" + i);
    }
    for (int i = 0; i < receivers; i++) {
      int me = i;
      threads[senders + i] =
          new Thread(
              () -> {
                for (int k = 0; k < values; k++) {
                  received[me] += channels.receive(me % 2 == 0);
                }
              },
              "receiver-" + i);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    long sum = 0;
    for (long r : received) {
      sum += r;
    }
    long expected = (long) senders * values * (values + 1) / 2;
    if (sum != expected || channels.left.get() != null || channels.right.get() != null) {
      throw new AssertionError("received values summing to " + sum + ", sent " + expected);
    }
  }

  private void send(int value, boolean leftFirst) {
    AtomicReference<Integer> first = leftFirst ? left : right;
    AtomicReference<Integer> second = leftFirst ? right : left;
    Integer boxed = value;
    while (!first.compareAndSet(null, boxed) && !second.compareAndSet(null, boxed)) {
      LockSupport.parkNanos(PARK_NANOS);
    }
    wakeOne();
  }

  private int receive(boolean leftFirst) {
    while (true) {
      Integer got = take(leftFirst);
      if (got != null) {
        return got;
      }
      push(Thread.currentThread());
      got = take(leftFirst);
      if (got != null) {
        return got;
      }
      LockSupport.parkNanos(PARK_NANOS);
    }
  }

  /** The select: a value from the first channel that holds one, or null. */
  private Integer take(boolean leftFirst) {
    Integer got = takeFrom(leftFirst ? left : right);
    return got != null ? got : takeFrom(leftFirst ? right : left);
  }

  private static Integer takeFrom(AtomicReference<Integer> channel) {
    Integer v = channel.get();
    return v != null && channel.compareAndSet(v, null) ? v : null;
  }

  private void push(Thread t) {
    Waiter top;
    do {
      top = waiters.get();
    } while (!waiters.compareAndSet(top, new Waiter(t, top)));
  }

  private void wakeOne() {
    Waiter top;
    do {
      top = waiters.get();
      if (top == null) {
        return;
      }
    } while (!waiters.compareAndSet(top, top.next()));
    LockSupport.unpark(top.thread());
  }
}
