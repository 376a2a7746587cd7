package dev.weft.examples.join;

/**
 * Missing join: {@code main} starts a worker that computes {@code result = 42} and reads the result
 * without joining the worker.
 *
 * <p>Failing interleaving: {@code main} reads {@code result} right after {@code start()}, before
 * the worker has written it, sees 0 and throws an {@link AssertionError}. The bug <em>is</em> the
 * missing {@code join()}, so {@code main} deliberately does not join the worker.
 */
public final class MissingJoin {
  static int result;

  private MissingJoin() {}

  public static void main(String[] args) {
    Thread worker = new Thread(() -> result = 42, "worker");
    worker.start();
    // BUG: no worker.join() here
    if (result != 42) {
      throw new AssertionError("read result before the worker wrote it");
    }
  }
}
