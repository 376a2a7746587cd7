/*
 * The JDK's HTTP client (java.net.http: its selector manager thread and executor) sending two
 * asynchronous requests to the JDK's HTTP server over loopback; each response's thenAccept callback
 * adds the body's length to a running total.
 *
 * The bug is the application's, a classic of asynchronous client code: the callbacks run on
 * whatever thread completes the response (here the JVM's default async executor, started from
 * inside the JDK), not on the caller's, and the total is a plain field, so two callbacks' updates
 * can be lost. Kind: lost update in callbacks run by JDK threads; signal: AssertionError. The
 * correct twin (AsyncCallbacksAtomic) keeps the total in an AtomicInteger.
 */
package dev.weft.realworld.http;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

public final class AsyncCallbacksTally {
  static final int REQUESTS = 2;
  static int received;

  public static void main(String[] args) throws Exception {
    run(false);
  }

  static void run(boolean atomic) throws Exception {
    received = 0;
    AtomicInteger atomicReceived = new AtomicInteger();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
    server.createContext(
        "/item",
        exchange -> {
          byte[] body = "abc".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    URI uri =
        URI.create(
            "http://" + loopback.getHostAddress() + ":" + server.getAddress().getPort() + "/item");
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    CompletableFuture<?>[] pending = new CompletableFuture<?>[REQUESTS];
    for (int i = 0; i < REQUESTS; i++) {
      pending[i] =
          client
              .sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
              .thenAccept(
                  response -> {
                    if (atomic) {
                      atomicReceived.addAndGet(response.body().length());
                    } else {
                      received += response.body().length();
                    }
                  });
    }
    CompletableFuture.allOf(pending).join();
    server.stop(0);
    int total = atomic ? atomicReceived.get() : received;
    if (total != 3 * REQUESTS) {
      throw new AssertionError("received " + total + " bytes of " + 3 * REQUESTS);
    }
  }
}
