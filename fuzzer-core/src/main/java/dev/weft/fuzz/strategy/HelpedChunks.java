package dev.weft.fuzz.strategy;

import dev.weft.graph.ChunkRunner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * Chunks of an analysis's loop that the strategy's thread runs while it waits for that analysis.
 * The analysis runs on the helper thread beside the next run; when that run ends first, the
 * strategy's thread would otherwise only wait, so it takes chunks of the loop under way instead (an
 * analysis the helper has not begun by then the strategy's thread makes whole, in one chunk).
 * Chunks are claimed one at a time, so the two threads share the loop as they happen to be free.
 */
final class HelpedChunks implements ChunkRunner {
  /** The loop whose chunks may be taken, or null. */
  private volatile Loop open;

  @Override
  public void run(int chunks, IntConsumer chunk) {
    if (chunks == 1) {
      chunk.accept(0);
      return;
    }
    Loop loop = new Loop(chunks, chunk);
    open = loop;
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
