package dev.weft.targets.pass.statics;

/** Fails if a static survives from an earlier run: each run must see the initial value. */
public class StaticCounter {
  static int runs;
  static final int[] ARRAY = new int[1];

  public static void main(String[] args) throws InterruptedException {
    Thread t = new Thread(() -> ARRAY[0]++);
    t.start();
    runs++;
    t.join();
    if (runs != 1 || ARRAY[0] != 1) {
      throw new AssertionError("state leaked between runs: runs=" + runs + " array=" + ARRAY[0]);
    }
  }
}
