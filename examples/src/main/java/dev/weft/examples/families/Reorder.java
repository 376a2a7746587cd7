package dev.weft.examples.families;

/**
 * The {@code reorder_N} programs of SCTBench (from SV-COMP's {@code reorder}), the family on which
 * reads-from fuzzing reports a handful of executions at every size: N threads in all, N - 1 setters
 * each writing {@code a = 1; b = -1} and one checker that tests {@code (a == 0 && b == 0) || (a ==
 * 1 && b == -1)}, reading the fields again as the condition goes on. Each thread starts as soon as
 * it is made, and the fields are volatile and written their zeros by the class initialiser and by
 * {@code main} again, as in the Java ports of the family.
 *
 * <p>Failing interleavings: the checker sees one field written and the other not, e.g. {@code a}
 * before every setter and {@code b} after one. {@code reorder_50} and {@code reorder_100} are the
 * sizes whose searches grow with the thread count when the stale read is reached by chance.
 *
 * <p>Argument: the number of threads, setters and checker together (default 5, as {@code
 * reorder_5}).
 */
public final class Reorder {
  static volatile int a = 0;
  static volatile int b = 0;

  private Reorder() {}

  public static void main(String[] args) throws InterruptedException {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int setters = Math.max(1, threads - 1);
    a = 0;
    b = 0;
    Thread[] pool = new Thread[setters + 1];
    for (int i = 0; i < setters; i++) {
      pool[i] = new Thread(Reorder::set, "setter" + i);
      pool[i].start();
    }
    pool[setters] = new Thread(Reorder::check, "checker");
    pool[setters].start();
    for (Thread t : pool) {
      t.join();
    }
  }

  private static void set() {
    a = 1;
    b = -1;
  }

  private static void check() {
    if (!((a == 0 && b == 0) || (a == 1 && b == -1))) {
      throw new IllegalStateException("reordered: the checker saw a half-set pair");
    }
  }
}
