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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two {@code HttpClient.sendAsync} requests to the JDK's HTTP server whose {@code thenAccept}
 * callbacks tally the bytes received in a plain field (a lost update), or in an {@code
 * AtomicInteger} with the argument {@code atomic}. The callbacks run where the client's future
 * hands them: the JVM's default async executor, from inside the JDK.
 */
public final class AsyncTallies {
  private AsyncTallies() {}

  static int bytes;
  static AtomicInteger atomicBytes;

  public static void main(String[] args) throws Exception {
    boolean atomic = List.of(args).contains("atomic");
    bytes = 0;
    atomicBytes = new AtomicInteger();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
    server.createContext(
        "/item",
        exchange -> {
          byte[] body = "abc".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream o = exchange.getResponseBody()) {
            o.write(body);
          }
        });
    server.start();
    URI uri =
        URI.create(
            "http://" + loopback.getHostAddress() + ":" + server.getAddress().getPort() + "/item");
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    CompletableFuture<?>[] all = new CompletableFuture<?>[2];
    for (int i = 0; i < all.length; i++) {
      all[i] =
          client
              .sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
              .thenAccept(
                  r -> {
                    if (atomic) atomicBytes.addAndGet(r.body().length());
                    else bytes += r.body().length();
                  });
    }
    CompletableFuture.allOf(all).join();
    server.stop(0);
    int total = atomic ? atomicBytes.get() : bytes;
    if (total != 6) throw new AssertionError("tallied " + total + " bytes of 6");
  }
}
