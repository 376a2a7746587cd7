package dev.weft.examples.families;

/**
 * N threads each publish an endpoint as two plain fields, {@code host} then {@code port}; a checker
 * reads {@code host} then {@code port} and expects both or neither to be set.
 *
 * <p>Failing interleavings: the checker reads {@code host} after some writer set it and {@code
 * port} before every writer set it, or {@code host} before every writer and {@code port} after one.
 * Either way one of its reads must come before all N writes to a field: a run that merely moves the
 * checker before one writer still sees the field another writer set.
 *
 * <p>Argument: the number of writers (default 3).
 */
public final class HalfPublishedEndpoint {
  static String host;
  static int port;

  private HalfPublishedEndpoint() {}

  public static void main(String[] args) throws InterruptedException {
    int writers = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Thread[] threads = new Thread[writers + 1];
    for (int i = 0; i < writers; i++) {
      int id = i;
      threads[i] =
          new Thread(
              () -> {
                host = "node" + id;
                port = 7000 + id;
              },
              "writer" + i);
    }
    threads[writers] =
        new Thread(
            () -> {
              String h = host;
              int p = port;
              if ((h == null) != (p == 0)) {
                throw new IllegalStateException("half-published endpoint: " + h + ":" + p);
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
