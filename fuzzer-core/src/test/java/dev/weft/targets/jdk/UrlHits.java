package dev.weft.targets.jdk;

import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's HTTP server and two client threads that each send it two requests with {@code
 * HttpURLConnection}, the second over the kept-alive connection of the first (the server registers
 * the connection with its selector again between them); the handlers count hits in a shared {@code
 * HashMap}, without a lock unless the argument is {@code locked}.
 */
public final class UrlHits {
  private UrlHits() {}

  static Map<String, Integer> hits;

  public static void main(String[] args) throws Exception {
    boolean locked = args.length > 0 && args[0].equals("locked");
    hits = new HashMap<>();
    Object lock = new Object();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
    server.createContext(
        "/hit",
        exchange -> {
          if (locked) {
            synchronized (lock) {
              hits.merge("hit", 1, Integer::sum);
            }
          } else {
            hits.merge("hit", 1, Integer::sum);
          }
          byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream o = exchange.getResponseBody()) {
            o.write(body);
          }
        });
    ExecutorService pool = Executors.newFixedThreadPool(2);
    server.setExecutor(pool);
    server.start();
    URL url =
        new URL(
            "http://" + loopback.getHostAddress() + ":" + server.getAddress().getPort() + "/hit");
    Thread[] clients = new Thread[2];
    for (int i = 0; i < clients.length; i++) {
      clients[i] =
          new Thread(
              () -> {
                try {
                  for (int r = 0; r < 2; r++) {
                    HttpURLConnection c = (HttpURLConnection) url.openConnection();
                    if (c.getResponseCode() != 200) {
                      throw new AssertionError("status " + c.getResponseCode());
                    }
                    try (InputStream in = c.getInputStream()) {
                      in.readAllBytes();
                    }
                  }
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              },
              "client-" + i);
      clients[i].start();
    }
    for (Thread t : clients) t.join();
    server.stop(0);
    pool.shutdown();
    if (hits.get("hit") != 4) throw new AssertionError("counted " + hits.get("hit") + " hits of 4");
  }
}
