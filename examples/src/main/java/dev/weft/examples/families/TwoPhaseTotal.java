package dev.weft.examples.families;

/**
 * N threads each publish in two critical sections: first {@code count = 1}, later {@code total =
 * count + 1}. A checker reads {@code count} in one section and, if it is set, {@code total} in a
 * second one, expecting {@code total == count + 1}.
 *
 * <p>Failing interleaving: the checker's two sections both run after the first {@code count} write
 * and before every {@code total} write: between the two phases of the first writer, before any
 * other writer finished its second phase. Every access is locked, so no data race is involved; the
 * bug is an atomicity violation across two sections.
 *
 * <p>Argument: the number of writers (default 2).
 */
public final class TwoPhaseTotal {
  static final Object LOCK = new Object();
  static int count;
  static int total;

  private TwoPhaseTotal() {}

  public static void main(String[] args) throws InterruptedException {
    int writers = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    Thread[] threads = new Thread[writers + 1];
    for (int i = 0; i < writers; i++) {
      threads[i] =
          new Thread(
              () -> {
                synchronized (LOCK) {
                  count = 1;
                }
                synchronized (LOCK) {
                  total = count + 1;
                }
              },
              "writer" + i);
    }
    threads[writers] =
        new Thread(
            () -> {
              int c;
              synchronized (LOCK) {
                c = count;
              }
              if (c == 1) {
                int t;
                synchronized (LOCK) {
                  t = total;
                }
                if (t != c + 1) {
                  throw new IllegalStateException("total " + t + " behind count " + c);
                }
              }
            },
            "checker");
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
  }
}
