package dev.weft.targets.jvm;

/**
 * Two threads that use a class with a static initialiser: when Weft cannot instrument that class,
 * its initialiser alone is still wrapped, so the run stays under control.
 */
public final class RejectedInitialiser {
  private RejectedInitialiser() {}

  public static void main(String[] args) throws InterruptedException {
    int[] got = new int[2];
    Thread a = new Thread(() -> got[0] = Table.VALUES.length);
    Thread b = new Thread(() -> got[1] = Table.VALUES[2]);
    a.start();
    b.start();
    a.join();
    b.join();
    if (got[0] != 3 || got[1] != 30) {
      throw new AssertionError(got[0] + " " + got[1]);
    }
  }

  /** The class whose instrumentation the test breaks. */
  public static final class Table {
    static final int[] VALUES = {10, 20, 30};

    private Table() {}
  }
}
