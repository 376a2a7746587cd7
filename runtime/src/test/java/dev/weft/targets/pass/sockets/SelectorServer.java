package dev.weft.targets.pass.sockets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;

/** A selector-based server with two blocking-channel clients: correct in every interleaving. */
public final class SelectorServer {
  private SelectorServer() {}

  public static void selectorServesTwoClients() throws Exception {
    try (Selector selector = Selector.open();
        ServerSocketChannel server = ServerSocketChannel.open()) {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      server.configureBlocking(false);
      server.register(selector, SelectionKey.OP_ACCEPT);
      int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
      Thread[] clients = new Thread[2];
      for (int c = 0; c < 2; c++) {
        byte id = (byte) ('a' + c);
        clients[c] =
            new Thread(
                () -> {
                  try (SocketChannel ch =
                      SocketChannel.open(
                          new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
                    ch.write(ByteBuffer.wrap(new byte[] {id}));
                    ByteBuffer reply = ByteBuffer.allocate(2);
                    while (reply.hasRemaining() && ch.read(reply) >= 0) {}
                    if (reply.get(0) != id || reply.get(1) != '!') {
                      throw new AssertionError("client " + (char) id + " got " + reply);
                    }
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                },
                "client-" + (char) id);
        clients[c].start();
      }
      int served = 0;
      while (served < 2) {
        selector.select();
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
          SelectionKey key = keys.next();
          keys.remove();
          if (key.isAcceptable()) {
            SocketChannel ch = server.accept();
            if (ch != null) {
              ch.configureBlocking(false);
              ch.register(selector, SelectionKey.OP_READ);
            }
          } else if (key.isReadable()) {
            SocketChannel ch = (SocketChannel) key.channel();
            ByteBuffer in = ByteBuffer.allocate(1);
            int n = ch.read(in);
            if (n == 1) {
              ch.write(ByteBuffer.wrap(new byte[] {in.get(0), '!'}));
              key.cancel();
              ch.close();
              served++;
            } else if (n < 0) {
              throw new AssertionError("a client closed before it asked");
            }
          }
        }
      }
      for (Thread t : clients) {
        t.join();
      }
    }
  }
}
