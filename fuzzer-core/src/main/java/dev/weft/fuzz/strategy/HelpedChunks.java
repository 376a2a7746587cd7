package dev.weft.fuzz.strategy;

import dev.weft.graph.ChunkRunner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * Chunks of an analysis's loop that the strategy's thread runs while it waits for that analysis.
 * The analysis runs on the helper thread beside the next run; when that run ends first, the
 * strategy's thread would otherwise only wait, so it takes chunks of the loop under way instead (an
 * analysis the helper has not begun by then the strategy's thread makes, and the helper takes
 * chunks of it once it is back). Chunks are claimed one at a time, so the two threads share the
 * loop as they happen to be free. Between loops a taker on a virtual thread parks ({@link #await})
 * and the next loop's opening wakes it: on a virtual thread {@code Thread.yield()} only hands the
 * carrier back to the same thread.
 */
final class HelpedChunks implements ChunkRunner {
  /** The loop whose chunks may be taken, or null. */
  private volatile Loop open;

  /** The thread parked in {@link #await} until a loop opens, or null. */
  private volatile Thread waiter;

  @Override
  public void run(int chunks, IntConsumer chunk) {
    if (chunks == 1) {
      chunk.accept(0);
      return;
    }
    Loop loop = new Loop(chunks, chunk);
    open = loop;
    wake();
    try {
      loop.work();
    } finally {
      open = null;
    }
    loop.awaitAll();
  }

  @Override
  public boolean shared() {
    return true;
  }

  /**
   * Parks the calling thread until a loop has chunks to take or {@code over} says the wait is over;
   * {@link #wake} ends the park, so whatever makes {@code over} true must call it too.
   */
  void await(BooleanSupplier over) {
    waiter = Thread.currentThread();
    try {
      // set before looking (and the opener opens before looking at it): one sees the other
      while (!available() && !over.getAsBoolean()) {
        LockSupport.park(this);
      }
    } finally {
      waiter = null;
    }
  }

  /** Ends the park of a thread in {@link #await}, if there is one. */
  void wake() {
    Thread w = waiter;
    if (w != null) {
      LockSupport.unpark(w);
    }
  }

  private boolean available() {
    Loop loop = open;
    return loop != null && loop.unclaimed();
  }

  /** Runs chunks of the loop under way until none is left; returns whether it ran any. */
  boolean help() {
    Loop loop = open;
    return loop != null && loop.work();
  }

  private static final class Loop {
    private final int chunks;
    private final IntConsumer chunk;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private volatile Throwable failure;

    Loop(int chunks, IntConsumer chunk) {
      this.chunks = chunks;
      this.chunk = chunk;
    }

    boolean unclaimed() {
      return next.get() < chunks;
    }

    boolean work() {
      boolean ran = false;
      int i;
      while ((i = next.getAndIncrement()) < chunks) {
        ran = true;
        try {
          if (failure == null) { // after a failure the rest are only counted
            chunk.accept(i);
          }
        } catch (Throwable t) {
          if (failure == null) {
            failure = t;
          }
        } finally {
          done.incrementAndGet();
        }
      }
      return ran;
    }

    /**
     * Waits for the chunks other threads took (the owner has claimed every other one); throws the
     * first failure of any chunk.
     */
    void awaitAll() {
      while (done.get() < chunks) {
        Thread.yield(); // a chunk is short: it is being run on the other processor
      }
      Throwable t = failure;
      if (t instanceof Error e) {
        throw e;
      }
      if (t instanceof RuntimeException e) {
        throw e;
      }
      if (t != null) {
        throw new IllegalStateException(t);
      }
    }
  }
}
