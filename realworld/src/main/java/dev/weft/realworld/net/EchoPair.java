/*
 * The smallest program that talks over a socket: a blocking echo server thread and one client on
 * loopback, the client sending three lines and reading each back. Correct: must never fail. It
 * measures what a socket costs under Weft (each connect, accept, read and write a scheduling
 * point) against the same program run natively.
 */
package dev.weft.realworld.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

public final class EchoPair {
  public static void main(String[] args) throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread echo =
          new Thread(
              () -> {
                try (Socket s = server.accept();
                    BufferedReader in =
                        new BufferedReader(
                            new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    PrintWriter out =
                        new PrintWriter(
                            new java.io.OutputStreamWriter(
                                s.getOutputStream(), StandardCharsets.UTF_8),
                            true)) {
                  for (String line; (line = in.readLine()) != null; ) {
                    out.println(line);
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "echo");
      echo.start();
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
          BufferedReader in =
              new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
          PrintWriter out =
              new PrintWriter(
                  new java.io.OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8),
                  true)) {
        for (int i = 0; i < 3; i++) {
          out.println("line " + i);
          String back = in.readLine();
          if (!("line " + i).equals(back)) {
            throw new AssertionError("echoed " + back);
          }
        }
      }
      echo.join();
    }
  }
}
