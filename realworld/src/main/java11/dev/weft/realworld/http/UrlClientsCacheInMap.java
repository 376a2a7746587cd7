/*
 * Two client threads fetch two pages each from the JDK's HTTP server with HttpURLConnection (the
 * java.base client and its keep-alive cache: the second request of a thread reuses its
 * connection) and keep every page in a cache the threads share.
 *
 * The bug is the application's, a cache shared without a lock: the cache is a plain HashMap, so
 * two threads' puts can lose an entry or corrupt the table. Kind: data race on a client-side cache
 * between threads doing blocking HTTP; signal: AssertionError (or the race oracle's HashMap race).
 * The correct twin (UrlClientsCacheConcurrent) uses a ConcurrentHashMap.
 */
package dev.weft.realworld.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

public final class UrlClientsCacheInMap {
  public static void main(String[] args) throws Exception {
    run(new HashMap<>());
  }

  static void run(Map<String, String> cache) throws Exception {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body = exchange.getRequestURI().getPath().getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    String base = "http://" + loopback.getHostAddress() + ":" + server.getAddress().getPort();
    Thread[] clients = new Thread[2];
    for (int c = 0; c < clients.length; c++) {
      String[] pages = {"/p" + c + "a", "/p" + c + "b"};
      clients[c] =
          new Thread(
              () -> {
                for (String page : pages) {
                  cache.put(page, fetch(base + page));
                }
              },
              "client-" + c);
      clients[c].start();
    }
    for (Thread t : clients) {
      t.join();
    }
    server.stop(0);
    if (cache.size() != 4) {
      throw new AssertionError("cached " + cache.size() + " pages of 4: " + cache.keySet());
    }
  }

  static String fetch(String url) {
    try {
      HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
      try (InputStream in = c.getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<String, String> concurrent() {
    return new ConcurrentHashMap<>();
  }
}
