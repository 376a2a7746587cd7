package dev.weft.examples.pct;

/**
 * The flag/x program from the PCT paper: a publication bug whose depth does not depend on how many
 * steps the threads take.
 *
 * <p>Thread {@code T1} performs {@code r - 2} writes to the shared array {@code work1}, then sets
 * {@code flag = 1} and only afterwards {@code x = "file"}. Thread {@code T2} reads {@code flag}
 * first and, if it is 1, dereferences {@code x}; afterwards it performs {@code s - 2} writes to the
 * shared array {@code work2}.
 *
 * <p>Failing interleaving: {@code T1} runs up to and including {@code flag = 1}, then {@code T2}
 * reads {@code flag == 1} and {@code x} (still {@code null}) before {@code T1} executes {@code x =
 * "file"}. {@code x.length()} throws a {@link NullPointerException} in {@code T2}.
 *
 * <p>Arguments: {@code r} and {@code s} (default 10 and 10), the number of steps of each thread.
 */
public final class FlagX {
  static int flag = 0;
  static String x = null;
  static int y;
  static int[] work1;
  static int[] work2;

  private FlagX() {}

  public static void main(String[] args) throws InterruptedException {
    int r = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int s = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    work1 = new int[Math.max(0, r - 2)];
    work2 = new int[Math.max(0, s - 2)];

    Thread t1 =
        new Thread(
            () -> {
              int[] w = work1;
              for (int i = 0; i < w.length; i++) {
                w[i] = i;
              }
              flag = 1;
              x = "file";
            },
            "T1");
    Thread t2 =
        new Thread(
            () -> {
              if (flag == 1) {
                y = x.length(); // NPE if T1 has set flag but not yet x
              }
              int[] w = work2;
              for (int i = 0; i < w.length; i++) {
                w[i] = i;
              }
            },
            "T2");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
  }
}
