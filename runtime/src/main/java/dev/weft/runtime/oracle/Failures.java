package dev.weft.runtime.oracle;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns an uncaught throwable into a {@link Failure} whose signature names the bug, not the run:
 * the exception type plus the top frames of target code, so the same race reached through another
 * interleaving is not reported twice.
 */
public final class Failures {
  private static final int SIGNATURE_FRAMES = 3;

  private Failures() {}

  public static Failure uncaught(String threadName, Throwable e) {
    FindingKind kind = e instanceof AssertionError ? FindingKind.ASSERTION : FindingKind.EXCEPTION;
    List<StackTraceElement> frames = targetFrames(e);
    StringBuilder signature =
        new StringBuilder(kind.label()).append(':').append(e.getClass().getName());
    for (int i = 0; i < Math.min(SIGNATURE_FRAMES, frames.size()); i++) {
      StackTraceElement f = frames.get(i);
      signature.append('|').append(f.getClassName()).append('.').append(f.getMethodName());
      signature.append(':').append(f.getLineNumber());
    }
    String message = "uncaught " + e + " in thread " + threadName;
    return new Failure(kind, threadName, message, stackTrace(e), signature.toString());
  }

  private static List<StackTraceElement> targetFrames(Throwable e) {
    return StackFrames.targetFrames(e.getStackTrace());
  }

  /** The stack trace with Weft's own frames and the frames below the target removed. */
  static String stackTrace(Throwable e) {
    StackTraceElement[] original = e.getStackTrace();
    List<StackTraceElement> kept = new ArrayList<>();
    for (StackTraceElement f : original) {
      String c = f.getClassName();
      if (StackFrames.isWeftFrame(f) || c.startsWith("jdk.internal.reflect.")) {
        continue;
      }
      if (c.equals("java.lang.reflect.Method") || c.equals("java.lang.Thread")) {
        continue;
      }
      kept.add(f);
    }
    e.setStackTrace(kept.toArray(new StackTraceElement[0]));
    StringWriter out = new StringWriter();
    e.printStackTrace(new PrintWriter(out));
    e.setStackTrace(original);
    return out.toString();
  }
}
