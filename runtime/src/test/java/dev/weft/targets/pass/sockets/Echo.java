package dev.weft.targets.pass.sockets;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Blocking loopback sockets used correctly: every one passes in every interleaving. */
public final class Echo {
  private Echo() {}

  /** A server thread echoes the lines of one client, which checks every echo. */
  public static void echoServerAndClient() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = server.getLocalPort();
      Thread echo =
          new Thread(
              () -> {
                try (Socket s = server.accept();
                    BufferedReader in =
                        new BufferedReader(
                            new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
                    PrintWriter out = new PrintWriter(s.getOutputStream(), true)) {
                  String line;
                  while ((line = in.readLine()) != null) {
                    out.println("echo " + line);
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "echo");
      echo.start();
      try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port);
          BufferedReader in =
              new BufferedReader(
                  new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
          PrintWriter out = new PrintWriter(client.getOutputStream(), true)) {
        for (String word : new String[] {"one", "two", "three"}) {
          out.println(word);
          String reply = in.readLine();
          if (!("echo " + word).equals(reply)) {
            throw new AssertionError("sent " + word + ", got " + reply);
          }
        }
        client.shutdownOutput();
        if (in.readLine() != null) {
          throw new AssertionError("more after the end");
        }
      }
      echo.join();
    }
  }

  /**
   * Two clients connect (one before the server accepts at all); each gets its own answer. The
   * server's ephemeral port is Weft's choice, the same in every run.
   */
  public static void twoClientsInTurn() throws Exception {
    ServerSocket server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    int port = server.getLocalPort();
    if (port < 24_100 || port >= 32_768) {
      throw new AssertionError("the kernel chose port " + port + ", not Weft, so runs differ");
    }
    Thread serving =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < 2; i++) {
                  try (Socket s = server.accept()) {
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    int n = in.readInt();
                    new DataOutputStream(s.getOutputStream()).writeInt(n * n);
                  }
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "server");
    serving.start();
    Thread[] clients = new Thread[2];
    for (int c = 0; c < 2; c++) {
      int n = c + 2;
      clients[c] =
          new Thread(
              () -> {
                try (Socket s = new Socket()) {
                  s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                  new DataOutputStream(s.getOutputStream()).writeInt(n);
                  int square = new DataInputStream(s.getInputStream()).readInt();
                  if (square != n * n) {
                    throw new AssertionError(n + " squared is not " + square);
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "client-" + n);
      clients[c].start();
    }
    for (Thread t : clients) {
      t.join();
    }
    serving.join();
    server.close();
  }

  /** A read with a timeout and no writer times out (on the virtual clock); a large write waits. */
  public static void timeoutAndLargeTransfer() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        Socket accepted = server.accept()) {
      accepted.setSoTimeout(5_000);
      try {
        accepted.getInputStream().read();
        throw new AssertionError("read nothing without a timeout");
      } catch (SocketTimeoutException expected) {
        // nothing was written
      }
      byte[] big = new byte[200_000];
      for (int i = 0; i < big.length; i++) {
        big[i] = (byte) i;
      }
      Thread writer =
          new Thread(
              () -> {
                try {
                  OutputStream out = client.getOutputStream();
                  out.write(big);
                  client.shutdownOutput();
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "writer");
      writer.start();
      byte[] got = new DataInputStream(accepted.getInputStream()).readAllBytes();
      writer.join();
      if (got.length != big.length || got[123_456] != big[123_456]) {
        throw new AssertionError("received " + got.length + " bytes");
      }
    }
  }
}
