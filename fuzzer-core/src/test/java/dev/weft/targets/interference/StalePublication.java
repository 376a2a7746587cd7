package dev.weft.targets.interference;

/**
 * A bug that needs exactly one interference: the writer raises {@code ready} before it sets {@code
 * value}, and the reader fails when it sees {@code ready} (another thread's write: one non-local
 * read) while {@code value} is still its initial 0 (a local read). With every read local the reader
 * never sees {@code ready}.
 */
public final class StalePublication {
  static boolean ready;
  static int value;

  private StalePublication() {}

  public static void main(String[] args) throws InterruptedException {
    Thread writer =
        new Thread(
            () -> {
              ready = true;
              value = 42;
            },
            "writer");
    Thread reader =
        new Thread(
            () -> {
              if (ready && value != 42) {
                throw new AssertionError("saw ready before value");
              }
            },
            "reader");
    writer.start();
    reader.start();
    writer.join();
    reader.join();
  }
}
