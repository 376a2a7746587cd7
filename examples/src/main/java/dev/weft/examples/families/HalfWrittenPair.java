package dev.weft.examples.families;

/**
 * N threads each write the same pair of plain fields, {@code a = 1} then {@code b = -1}; a checker
 * reads {@code a} then {@code b} once each and expects both written or neither.
 *
 * <p>Failing interleavings: the checker reads one field before every writer wrote it and the other
 * after some writer did. One read must see the oldest write, the class initialiser's {@code = 0}
 * (not the latest write, nor the JVM's default value: the program writes its zeros itself, as most
 * programs that spell out a field's first value do), while the other sees a write: one reads-from
 * pair, the same at every N, but a run reaches it only if that read comes before all N writes to
 * its field. Every writer writes the same values, so a read that saw one writer or another is the
 * same observation: only which read saw the initialiser's zero matters. Each writer starts as soon
 * as it is made and the checker last, as most programs start threads: unlike {@link
 * HalfPublishedEndpoint}, the checker does not even exist until every writer may have run.
 *
 * <p>Argument: the number of writers (default 3).
 */
public final class HalfWrittenPair {
  static int a = 0;
  static int b = 0;

  private HalfWrittenPair() {}

  public static void main(String[] args) throws InterruptedException {
    int writers = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Thread[] threads = new Thread[writers + 1];
    for (int i = 0; i < writers; i++) {
      threads[i] =
          new Thread(
              () -> {
                a = 1;
                b = -1;
              },
              "writer" + i);
      threads[i].start();
    }
    threads[writers] =
        new Thread(
            () -> {
              int x = a;
              int y = b;
              if ((x == 0) != (y == 0)) {
                throw new IllegalStateException("half-written pair: a=" + x + ", b=" + y);
              }
            },
            "checker");
    threads[writers].start();
    for (Thread t : threads) {
      t.join();
    }
  }
}
