package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.instrument.calls.ApiCallTable.Entry;
import java.util.List;

/**
 * Which calls on sockets, socket channels, pipes and selectors become hook calls ({@code
 * NetHooks}), so that a blocking accept, read, write or select between threads of one run is the
 * scheduler's wait rather than the kernel's. Matched as an {@link ApiCallTable}: by name and
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
          List.of(
              entry(SOCKET, "connect(" + ADDRESS + ")V", "connect"),
              entry(SOCKET, "connect(" + ADDRESS + "I)V", "connectTimed"),
              entry(SOCKET, "getInputStream()Ljava/io/InputStream;", "getInputStream"),
              entry(SOCKET, "getOutputStream()Ljava/io/OutputStream;", "getOutputStream"),
              entry(SOCKET, "close()V", "close"),
              entry(SOCKET, "shutdownOutput()V", "shutdownOutput"),
              entry(SERVER_SOCKET, "accept()L" + SOCKET + ";", "accept"),
              entry(SERVER_SOCKET, "bind(" + ADDRESS + ")V", "bind"),
              entry(SERVER_SOCKET, "bind(" + ADDRESS + "I)V", "bindBacklog"),
              entry(SERVER_SOCKET, "close()V", "closeServer"),
              entry(CHANNEL, "read(" + BUFFER + ")I", "channelRead"),
              entry(CHANNEL, "write(" + BUFFER + ")I", "channelWrite"),
              entry(CHANNEL, "connect(" + ADDRESS + ")Z", "channelConnect"),
              entry(CHANNEL, "finishConnect()Z", "finishConnect"),
              entry(SERVER_CHANNEL, "accept()L" + CHANNEL + ";", "channelAccept"),
              entry(SERVER_CHANNEL, "bind(" + ADDRESS + ")L" + SERVER_CHANNEL + ";", "channelBind"),
              entry(
                  SERVER_CHANNEL,
                  "bind(" + ADDRESS + "I)L" + SERVER_CHANNEL + ";",
                  "channelBindBacklog"),
              // a socket channel used through its interfaces (a helper given a WritableByteChannel)
              entry(READABLE, "read(" + BUFFER + ")I", "readableRead"),
              entry(WRITABLE, "write(" + BUFFER + ")I", "writableWrite"),
              entry(PIPE, "source()L" + PIPE + "$SourceChannel;", "pipeSource"),
              entry(PIPE, "sink()L" + PIPE + "$SinkChannel;", "pipeSink"),
              entry(SELECTOR, "select()I", "select"),
              entry(SELECTOR, "select(J)I", "selectTimed"),
              entry(SELECTOR, "selectNow()I", "selectNow"),
              entry(SELECTOR, "wakeup()L" + SELECTOR + ";", "wakeup")));

  private NetCalls() {}

  private static Entry entry(String api, String method, String hook) {
    return new Entry(api, method, HookClasses.NET, hook);
  }
}
