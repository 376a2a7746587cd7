package dev.weft.targets.jdk;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's own HTTP server (its dispatcher thread, selector and channels under control) with three
 * handler threads and three clients over loopback sockets; the handlers count hits in a shared
 * {@code HashMap}, without a lock unless the argument is {@code locked}.
 */
public final class HttpHits {
  private HttpHits() {}

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
    ExecutorService pool = Executors.newFixedThreadPool(3);
    server.setExecutor(pool);
    server.start();
    int port = server.getAddress().getPort();
    Thread[] clients = new Thread[3];
    for (int i = 0; i < clients.length; i++) {
      clients[i] =
          new Thread(
              () -> {
                try (Socket s = new Socket(loopback, port)) {
                  s.getOutputStream()
                      .write(
                          "GET /hit HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                              .getBytes(StandardCharsets.US_ASCII));
                  String reply =
                      new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                  if (!reply.startsWith("HTTP/1.1 200")) throw new AssertionError("reply " + reply);
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
    if (hits.get("hit") != 3) throw new AssertionError("counted " + hits.get("hit") + " hits of 3");
  }
}
