package dev.weft.targets.interference;

/**
 * Correct, with a choice no run can realise: the reader reads {@code b} only after it saw {@code a
 * == 1}, so "{@code b} sees the writer's write while {@code a} stays local (0)" plans a schedule
 * whose run skips the read of {@code b}: it diverges.
 */
public final class GuardedRead {
  static int a;
  static int b;
  static int seen;

  private GuardedRead() {}

  public static void main(String[] args) throws InterruptedException {
    Thread writer =
        new Thread(
            () -> {
              a = 1;
              b = 1;
            },
            "writer");
    Thread reader =
        new Thread(
            () -> {
              if (a == 1) {
                seen = b;
              }
            },
            "reader");
    writer.start();
    reader.start();
    writer.join();
    reader.join();
  }
}
