package dev.weft.runtime.net;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.jdk.inside.JdkSites;

/**
 * The site of a socket stream's read or write. Such a call reaches Weft through the stream object
 * (from the program, or from a JDK reader or writer wrapped around it), not through a rewritten
 * call, so its site is the nearest frame of the run's code.
 */
final class NetSites {
  private static final StackWalker STACK =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  private NetSites() {}

  static int of(ControlledThread t, String operation) {
    StackWalker.StackFrame frame =
        STACK.walk(
            frames ->
                frames
                    .filter(f -> TargetClassLoader.isRunCode(f.getDeclaringClass()))
                    .findFirst()
                    .orElse(null));
    if (frame == null) {
      return JdkSites.of(t, "java.net.Socket.stream", 0, operation);
    }
    return JdkSites.of(
        t, frame.getClassName() + "." + frame.getMethodName(), frame.getLineNumber(), operation);
  }
}
