package dev.weft.examples.pct;

/**
 * Correct twin of {@link FlagX}: {@code T1} assigns {@code x = "file"} <em>before</em> {@code flag
 * = 1}.
 *
 * <p>Why it cannot fail: {@code flag} only ever changes from 0 to 1, and that write comes after the
 * write of {@code x} in {@code T1}. So whenever {@code T2} reads {@code flag == 1}, the write of
 * {@code x} has already happened and {@code T2}'s subsequent read of {@code x} returns {@code
 * "file"} in every interleaving of the (sequentially consistent) serialized schedule. If {@code T2}
 * reads {@code flag == 0} it does not touch {@code x} at all.
 *
 * <p>(Under the plain Java memory model this publication is still a data race, because {@code flag}
 * is not volatile; the program only uses the concurrency tools allowed for fuzzer targets.)
 *
 * <p>Statics are reset at the start of {@code main} so that {@code main} can be called repeatedly
 * in one JVM.
 */
public final class FlagXFixed {
  static int flag = 0;
  static String x = null;
  static int y;
  static int[] work1;
  static int[] work2;

  private FlagXFixed() {}

  public static void main(String[] args) throws InterruptedException {
    int r = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int s = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    flag = 0;
    x = null;
    y = 0;
    work1 = new int[Math.max(0, r - 2)];
    work2 = new int[Math.max(0, s - 2)];

    Thread t1 =
        new Thread(
            () -> {
              int[] w = work1;
              for (int i = 0; i < w.length; i++) {
                w[i] = i;
              }
              x = "file";
              flag = 1;
            },
            "T1");
    Thread t2 =
        new Thread(
            () -> {
              if (flag == 1) {
                y = x.length(); // safe: x is written before flag
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
