/*
 * The JDK's own HTTP server (com.sun.net.httpserver, the jdk.httpserver module: its dispatcher
 * thread, selector and non-blocking channels), with a three-thread executor, and three client
 * threads that each send one HTTP/1.1 request over a loopback socket.
 *
 * The bug is the application's, the first one an HTTP handler gets wrong: the handler counts hits
 * in a HashMap shared by the executor's threads, with no lock, so two handlers' merge of the same
 * key can lose one (or corrupt the map). Kind: data race / lost update in handler code run by a
 * JDK server; signal: AssertionError (or the race oracle's HashMap race). The correct twin
 * (HandlersCountUnderLock) takes a lock around the count.
 */
package dev.weft.realworld.http;

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

public final class HandlersCountInMap {
  static final int CLIENTS = 3;

  public static void main(String[] args) throws Exception {
    run(false);
  }

  static void run(boolean locked) throws Exception {
    Map<String, Integer> hits = new HashMap<>();
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
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    ExecutorService handlers = Executors.newFixedThreadPool(CLIENTS);
    server.setExecutor(handlers);
    server.start();
    int port = server.getAddress().getPort();
    Thread[] clients = new Thread[CLIENTS];
    for (int i = 0; i < CLIENTS; i++) {
      clients[i] = new Thread(() -> get(loopback, port), "client-" + i);
      clients[i].start();
    }
    for (Thread t : clients) {
      t.join();
    }
    server.stop(0);
    handlers.shutdown();
    Integer counted = hits.get("hit");
    if (counted == null || counted != CLIENTS) {
      throw new AssertionError("counted " + counted + " hits of " + CLIENTS);
    }
  }

  static void get(InetAddress host, int port) {
    try (Socket s = new Socket(host, port)) {
      s.getOutputStream()
          .write(
              "GET /hit HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.US_ASCII));
      java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
      byte[] buffer = new byte[512];
      for (int n; (n = s.getInputStream().read(buffer)) >= 0; ) {
        all.write(buffer, 0, n);
      }
      String reply = new String(all.toByteArray(), StandardCharsets.US_ASCII);
      if (!reply.startsWith("HTTP/1.1 200")) {
        throw new AssertionError("reply: " + reply);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
