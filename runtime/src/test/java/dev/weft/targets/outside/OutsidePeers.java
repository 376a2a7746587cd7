package dev.weft.targets.outside;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * Threads of a run that talk to a server outside it (the port is in the system property {@code
 * weft.test.outsidePort}): the server answers the first client only once the second has spoken, so
 * the run completes only if the first client's read lets the second run.
 */
public final class OutsidePeers {
  private OutsidePeers() {}

  public static void secondClientReleasesTheFirst() throws Exception {
    int port = Integer.getInteger("weft.test.outsidePort");
    CountDownLatch asked = new CountDownLatch(1);
    Thread waiter =
        new Thread(
            () -> {
              try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                  BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                  PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
                out.println("wait");
                asked.countDown();
                expect(in.readLine(), "go");
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "waiter");
    waiter.start();
    asked.await();
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        BufferedReader in =
            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
      out.println("release");
      expect(in.readLine(), "ok");
    }
    waiter.join();
  }

  private static void expect(String got, String wanted) {
    if (!wanted.equals(got)) {
      throw new AssertionError("expected " + wanted + ", got " + got);
    }
  }
}
