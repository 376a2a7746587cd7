package dev.weft.targets.fail.sockets;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Bugs of programs that talk over loopback sockets. */
public final class SocketBugs {
  private SocketBugs() {}

  static int requests;

  /** Two handler threads count requests in a plain field: an update can be lost. */
  public static void handlersCountInPlainField() throws Exception {
    requests = 0;
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = server.getLocalPort();
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  Thread[] handlers = new Thread[2];
                  for (int i = 0; i < 2; i++) {
                    Socket s = server.accept();
                    handlers[i] = new Thread(() -> handle(s), "handler-" + i);
                    handlers[i].start();
                  }
                  for (Thread h : handlers) {
                    h.join();
                  }
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "acceptor");
      acceptor.start();
      Thread[] clients = new Thread[2];
      for (int c = 0; c < 2; c++) {
        clients[c] = new Thread(() -> ask(port), "client-" + c);
        clients[c].start();
      }
      for (Thread t : clients) {
        t.join();
      }
      acceptor.join();
      if (requests != 2) {
        throw new AssertionError("counted " + requests + " requests of 2");
      }
    }
  }

  private static void handle(Socket s) {
    try (s) {
      int n = new DataInputStream(s.getInputStream()).readInt();
      requests = requests + 1;
      new DataOutputStream(s.getOutputStream()).writeInt(n + 1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void ask(int port) {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      new DataOutputStream(s.getOutputStream()).writeInt(41);
      if (new DataInputStream(s.getInputStream()).readInt() != 42) {
        throw new AssertionError("wrong answer");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The server answers only once a second client has connected, and none ever does. */
  public static void serverWaitsForSecondClient() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      int port = server.getLocalPort();
      Thread serving =
          new Thread(
              () -> {
                try (Socket first = server.accept();
                    Socket second = server.accept()) {
                  new DataOutputStream(first.getOutputStream()).writeInt(1);
                  new DataOutputStream(second.getOutputStream()).writeInt(2);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              "server");
      serving.start();
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
        new DataInputStream(s.getInputStream()).readInt();
      }
      serving.join();
    }
  }
}
