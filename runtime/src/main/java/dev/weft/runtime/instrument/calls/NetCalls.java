package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.instrument.calls.ApiCallTable.Entry;
import java.util.List;

/**
 * Which calls on sockets, socket channels, pipes and selectors become hook calls ({@code
 * NetHooks}), so that a blocking accept, read, write or select between threads of one run is the
 * scheduler's wait rather than the kernel's. Matched as {@link SyncCalls} matches: by name and
 * descriptor on any owner that is a subtype of the API type; the hook decides at run time whether
 * the JDK implements the method and whether both ends of the socket are the run's.
 */
final class NetCalls {
  private static final String SOCKET = "java/net/Socket";
  private static final String SERVER_SOCKET = "java/net/ServerSocket";
  private static final String CHANNEL = "java/nio/channels/SocketChannel";
  private static final String SERVER_CHANNEL = "java/nio/channels/ServerSocketChannel";
  private static final String SELECTOR = "java/nio/channels/Selector";
  private static final String PIPE = "java/nio/channels/Pipe";
  private static final String READABLE = "java/nio/channels/ReadableByteChannel";
  private static final String WRITABLE = "java/nio/channels/WritableByteChannel";
  private static final String ADDRESS = "Ljava/net/SocketAddress;";
  private static final String BUFFER = "Ljava/nio/ByteBuffer;";

  static final ApiCallTable TABLE =
      new ApiCallTable(
          HookClasses.NET,
          List.of(
              new Entry(SOCKET, "connect(" + ADDRESS + ")V", "connect"),
              new Entry(SOCKET, "connect(" + ADDRESS + "I)V", "connectTimed"),
              new Entry(SOCKET, "getInputStream()Ljava/io/InputStream;", "getInputStream"),
              new Entry(SOCKET, "getOutputStream()Ljava/io/OutputStream;", "getOutputStream"),
              new Entry(SOCKET, "close()V", "close"),
              new Entry(SOCKET, "shutdownOutput()V", "shutdownOutput"),
              new Entry(SERVER_SOCKET, "accept()L" + SOCKET + ";", "accept"),
              new Entry(SERVER_SOCKET, "bind(" + ADDRESS + ")V", "bind"),
              new Entry(SERVER_SOCKET, "bind(" + ADDRESS + "I)V", "bindBacklog"),
              new Entry(SERVER_SOCKET, "close()V", "closeServer"),
              new Entry(CHANNEL, "read(" + BUFFER + ")I", "channelRead"),
              new Entry(CHANNEL, "write(" + BUFFER + ")I", "channelWrite"),
              new Entry(CHANNEL, "connect(" + ADDRESS + ")Z", "channelConnect"),
              new Entry(CHANNEL, "finishConnect()Z", "finishConnect"),
              new Entry(SERVER_CHANNEL, "accept()L" + CHANNEL + ";", "channelAccept"),
              new Entry(
                  SERVER_CHANNEL, "bind(" + ADDRESS + ")L" + SERVER_CHANNEL + ";", "channelBind"),
              new Entry(
                  SERVER_CHANNEL,
                  "bind(" + ADDRESS + "I)L" + SERVER_CHANNEL + ";",
                  "channelBindBacklog"),
              // a socket channel used through its interfaces (a helper given a WritableByteChannel)
              new Entry(READABLE, "read(" + BUFFER + ")I", "readableRead"),
              new Entry(WRITABLE, "write(" + BUFFER + ")I", "writableWrite"),
              new Entry(PIPE, "source()L" + PIPE + "$SourceChannel;", "pipeSource"),
              new Entry(PIPE, "sink()L" + PIPE + "$SinkChannel;", "pipeSink"),
              new Entry(SELECTOR, "select()I", "select"),
              new Entry(SELECTOR, "select(J)I", "selectTimed"),
              new Entry(SELECTOR, "selectNow()I", "selectNow"),
              new Entry(SELECTOR, "wakeup()L" + SELECTOR + ";", "wakeup")));

  private NetCalls() {}
}
