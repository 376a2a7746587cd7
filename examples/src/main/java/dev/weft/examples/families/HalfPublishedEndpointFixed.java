package dev.weft.examples.families;

/**
 * {@link HalfPublishedEndpoint} with the endpoint published and read under one monitor: the checker
 * sees both fields or neither, under every interleaving.
 */
public final class HalfPublishedEndpointFixed {
  static final Object LOCK = new Object();
  static String host;
  static int port;

  private HalfPublishedEndpointFixed() {}

  public static void main(String[] args) throws InterruptedException {
    int writers = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Thread[] threads = new Thread[writers + 1];
    for (int i = 0; i < writers; i++) {
      int id = i;
      threads[i] =
          new Thread(
              () -> {
                synchronized (LOCK) {
                  host = "node" + id;
                  port = 7000 + id;
                }
              },
              "writer" + i);
    }
    threads[writers] =
        new Thread(
            () -> {
              String h;
              int p;
              synchronized (LOCK) {
                h = host;
                p = port;
              }
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
