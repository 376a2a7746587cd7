package dev.weft.targets.cli;

/**
 * Two threads made without a name, each counting 300 times; the second fails with its own name in
 * the message. Its report has more steps than a report shows, and names that must read the same in
 * the run and in its replay.
 */
public final class NamesItsThreads {
  static int count;

  private NamesItsThreads() {}

  public static void main(String[] args) throws InterruptedException {
    Thread first = new Thread(NamesItsThreads::countUp);
    Thread second =
        new Thread(
            () -> {
              countUp();
              throw new IllegalStateException("failing in " + Thread.currentThread().getName());
            });
    first.start();
    second.start();
    first.join();
    second.join();
  }

  private static void countUp() {
    for (int i = 0; i < 300; i++) {
      count++;
    }
  }
}
