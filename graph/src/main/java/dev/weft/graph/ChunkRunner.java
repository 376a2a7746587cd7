package dev.weft.graph;

import java.util.function.IntConsumer;

/**
 * Runs the independent chunks of one loop, on the calling thread and on any thread that offers to
 * help. An analysis made on a helper thread splits its costliest loop this way, so that the thread
 * that will wait for the analysis shares the work instead; what the loop computes must not depend
 * on which thread ran which chunk.
 */
public interface ChunkRunner {
  /** Runs every chunk on the calling thread, in order. */
  ChunkRunner CALLER =
      new ChunkRunner() {
        @Override
        public void run(int chunks, IntConsumer chunk) {
          for (int i = 0; i < chunks; i++) {
            chunk.accept(i);
          }
        }

        @Override
        public boolean shared() {
          return false;
        }
      };

  /**
   * Runs {@code chunk} once for each index in {@code [0, chunks)} and returns when all have run;
   * what they wrote is then visible to the caller. A chunk's failure is thrown here.
   */
  void run(int chunks, IntConsumer chunk);

  /**
   * Whether other threads may take chunks: if not, a loop is better run as one chunk (splitting
   * costs a merge).
   */
  boolean shared();
}
