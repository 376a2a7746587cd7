package dev.weft.targets.jdk;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashMap;
import java.util.Map;

/**
 * Two server sockets on ports the kernel would choose ({@code new ServerSocket(0)}): under Weft
 * their ports are Weft's, the same in every run and replay, so a program that keys a map by its
 * port repeats. A client thread talks to the first one.
 */
public final class EphemeralListeners {
  private EphemeralListeners() {}

  public static void main(String[] args) throws Exception {
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket first = new ServerSocket(0, 50, loopback);
        ServerSocket second = new ServerSocket(0, 50, loopback)) {
      int a = first.getLocalPort();
      int b = second.getLocalPort();
      if (a < 24_100 || a >= 32_768 || b <= a || b >= 32_768) {
        throw new AssertionError("ports the kernel chose: " + a + ", " + b);
      }
      Map<String, Integer> byUrl = new HashMap<>();
      byUrl.put("tcp://127.0.0.1:" + a, a);
      byUrl.put("tcp://127.0.0.1:" + b, b);
      Thread client =
          new Thread(
              () -> {
                try (Socket s = new Socket(loopback, a)) {
                  new DataOutputStream(s.getOutputStream()).writeInt(byUrl.size());
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              "client");
      client.start();
      try (Socket s = first.accept()) {
        if (new DataInputStream(s.getInputStream()).readInt() != 2) {
          throw new AssertionError("the client saw another map");
        }
      }
      client.join();
    }
  }
}
