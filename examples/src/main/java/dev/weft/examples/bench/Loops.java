package dev.weft.examples.bench;

/** Workloads for measuring the runtime's own costs; not bugs, not part of the catalog. */
public final class Loops {
  static int shared;

  private Loops() {}

  /** One thread, {@code args[0]} reads of a static field: scheduling points without switches. */
  public static void main(String[] args) throws InterruptedException {
    int n = Integer.parseInt(args[0]);
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    Runnable body =
        () -> {
          int sum = 0;
          for (int i = 0; i < n; i++) {
            sum += shared;
          }
          if (sum == -1) {
            shared = sum;
          }
        };
    if (threads == 1) {
      body.run();
      return;
    }
    Thread[] ts = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      ts[i] = new Thread(body);
      ts[i].start();
    }
    for (Thread t : ts) {
      t.join();
    }
  }
}
