package dev.weft.examples.families;

/**
 * N threads each write their endpoint as two plain fields, {@code host} then {@code port}; a
 * checker waits until both are set and expects them to belong to the same writer.
 *
 * <p>Failing interleaving: the checker reads {@code host} from one writer and {@code port} from
 * another, e.g. between a writer's two writes while another writer already wrote both. A run in
 * which the checker read both fields from one writer already orders the checker against every
 * writer's writes, so conflict orders alone do not tell the torn read apart; which write each read
 * saw does.
 *
 * <p>Argument: the number of writers (default 3).
 */
public final class TornEndpoint {
  static int host;
  static int port;

  private TornEndpoint() {}

  public static void main(String[] args) throws InterruptedException {
    int writers = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Thread[] threads = new Thread[writers + 1];
    for (int i = 0; i < writers; i++) {
      int id = i + 1;
      threads[i] =
          new Thread(
              () -> {
                host = id;
                port = id;
              },
              "writer" + i);
    }
    threads[writers] =
        new Thread(
            () -> {
              int h = host;
              int p = port;
              if (h != 0 && p != 0 && h != p) {
                throw new IllegalStateException(
                    "torn endpoint: host of writer " + h + ", port of writer " + p);
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
