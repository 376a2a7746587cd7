package dev.weft.examples.join;

/**
 * Correct twin of {@link MissingJoin}: {@code main} joins the worker before reading {@code result}.
 *
 * <p>Why it cannot fail: {@code join()} returns only after the worker has terminated, and the
 * worker's only action is {@code result = 42}, so {@code main} always reads 42.
 *
 * <p>{@code result} is reset at the start of {@code main} (before the worker is started) so that
 * {@code main} can be called repeatedly in one JVM.
 */
public final class MissingJoinFixed {
  static int result;

  private MissingJoinFixed() {}

  public static void main(String[] args) throws InterruptedException {
    result = 0;
    Thread worker = new Thread(() -> result = 42, "worker");
    worker.start();
    worker.join();
    if (result != 42) {
      throw new AssertionError("read result before the worker wrote it");
    }
  }
}
