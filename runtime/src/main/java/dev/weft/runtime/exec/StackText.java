package dev.weft.runtime.exec;

/** A thread's current stack as text, for diagnostics about stuck target threads. */
final class StackText {
  private static final int MAX_FRAMES = 25;

  private StackText() {}

  static String of(Thread thread) {
    if (thread == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    StackTraceElement[] frames = thread.getStackTrace();
    for (int i = 0; i < Math.min(MAX_FRAMES, frames.length); i++) {
      sb.append("    at ").append(frames[i]).append('\n');
    }
    return sb.toString();
  }
}
