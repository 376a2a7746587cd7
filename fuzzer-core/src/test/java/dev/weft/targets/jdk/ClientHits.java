package dev.weft.targets.jdk;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's HTTP server and two client threads that send it a request each through one {@code
 * java.net.http.HttpClient} (its selector manager thread and its default executor, made inside the
 * JDK); the handlers count hits in a shared {@code HashMap}, without a lock unless the argument is
 * {@code locked}.
 */
public final class ClientHits {
  private ClientHits() {}

  static Map<String, Integer> hits;

  public static void main(String[] args) throws Exception {
    boolean locked = List.of(args).contains("locked");
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
          } else hits.merge("hit", 1, Integer::sum);
          byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream o = exchange.getResponseBody()) {
            o.write(body);
          }
        });
    ExecutorService pool = Executors.newFixedThreadPool(2);
    server.setExecutor(pool);
    server.start();
    URI uri =
        URI.create(
            "http://" + loopback.getHostAddress() + ":" + server.getAddress().getPort() + "/hit");
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Thread[] clients = new Thread[2];
    for (int i = 0; i < clients.length; i++) {
      clients[i] =
          new Thread(
              () -> {
                try {
                  HttpResponse<String> r =
                      client.send(
                          HttpRequest.newBuilder(uri).build(),
                          HttpResponse.BodyHandlers.ofString());
                  if (r.statusCode() != 200) throw new AssertionError("status " + r.statusCode());
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
    if (hits.get("hit") != 2) throw new AssertionError("counted " + hits.get("hit") + " hits of 2");
  }
}
