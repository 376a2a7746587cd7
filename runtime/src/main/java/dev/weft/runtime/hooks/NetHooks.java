package dev.weft.runtime.hooks;

import dev.weft.runtime.net.Pipes;
import dev.weft.runtime.net.Selectors;
import dev.weft.runtime.net.SocketChannels;
import dev.weft.runtime.net.Sockets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Socket, channel, pipe and selector calls from target code ({@link Sockets}, {@link
 * SocketChannels}, {@link Pipes}, {@link Selectors}). Part of the ABI that instrumented code calls:
 * forwarding only.
 */
public final class NetHooks {
  private NetHooks() {}

  public static void connect(Socket so, SocketAddress to, int site) throws IOException {
    Sockets.connect(so, to, -1, site);
  }

  public static void connectTimed(Socket so, SocketAddress to, int timeout, int site)
      throws IOException {
    Sockets.connect(so, to, Math.max(0, timeout), site);
  }

  public static InputStream getInputStream(Socket so, int site) throws IOException {
    return Sockets.inputStream(so, site);
  }

  public static OutputStream getOutputStream(Socket so, int site) throws IOException {
    return Sockets.outputStream(so, site);
  }

  public static void close(Socket so, int site) throws IOException {
    Sockets.close(so, site);
  }

  public static void shutdownOutput(Socket so, int site) throws IOException {
    Sockets.shutdownOutput(so, site);
  }

  public static Socket accept(ServerSocket ss, int site) throws IOException {
    return Sockets.accept(ss, site);
  }

  public static void bind(ServerSocket ss, SocketAddress at, int site) throws IOException {
    Sockets.bind(ss, at, -1, site);
  }

  public static void bindBacklog(ServerSocket ss, SocketAddress at, int backlog, int site)
      throws IOException {
    Sockets.bind(ss, at, Math.max(0, backlog), site);
  }

  public static void closeServer(ServerSocket ss, int site) throws IOException {
    Sockets.closeServer(ss, site);
  }

  public static int channelRead(SocketChannel ch, ByteBuffer dst, int site) throws IOException {
    return SocketChannels.read(ch, dst, site);
  }

  public static int channelWrite(SocketChannel ch, ByteBuffer src, int site) throws IOException {
    return SocketChannels.write(ch, src, site);
  }

  public static int readableRead(ReadableByteChannel ch, ByteBuffer dst, int site)
      throws IOException {
    if (ch instanceof SocketChannel s) {
      return SocketChannels.read(s, dst, site);
    }
    return ch instanceof Pipe.SourceChannel p ? Pipes.read(p, dst, site) : ch.read(dst);
  }

  public static int writableWrite(WritableByteChannel ch, ByteBuffer src, int site)
      throws IOException {
    if (ch instanceof SocketChannel s) {
      return SocketChannels.write(s, src, site);
    }
    return ch instanceof Pipe.SinkChannel p ? Pipes.write(p, src, site) : ch.write(src);
  }

  public static Pipe.SourceChannel pipeSource(Pipe pipe, int site) {
    return Pipes.source(pipe, site);
  }

  public static Pipe.SinkChannel pipeSink(Pipe pipe, int site) {
    return Pipes.sink(pipe, site);
  }

  public static boolean channelConnect(SocketChannel ch, SocketAddress to, int site)
      throws IOException {
    return SocketChannels.connect(ch, to, site);
  }

  public static boolean finishConnect(SocketChannel ch, int site) throws IOException {
    return SocketChannels.finishConnect(ch, site);
  }

  public static SocketChannel channelAccept(ServerSocketChannel ch, int site) throws IOException {
    return SocketChannels.accept(ch, site);
  }

  public static ServerSocketChannel channelBind(ServerSocketChannel ch, SocketAddress at, int site)
      throws IOException {
    return SocketChannels.bind(ch, at, -1, site);
  }

  public static ServerSocketChannel channelBindBacklog(
      ServerSocketChannel ch, SocketAddress at, int backlog, int site) throws IOException {
    return SocketChannels.bind(ch, at, Math.max(0, backlog), site);
  }

  public static int select(Selector sel, int site) throws IOException {
    return Selectors.select(sel, site);
  }

  public static int selectTimed(Selector sel, long timeout, int site) throws IOException {
    return Selectors.selectTimed(sel, timeout, site);
  }

  public static int selectNow(Selector sel, int site) throws IOException {
    return Selectors.selectNow(sel, site);
  }

  public static Selector wakeup(Selector sel, int site) {
    return Selectors.wakeup(sel, site);
  }
}
