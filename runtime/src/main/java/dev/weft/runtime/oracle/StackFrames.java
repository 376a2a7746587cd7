package dev.weft.runtime.oracle;

import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * Which frames of a stack belong to the target: users read reports about their code, so Weft's own
 * frames and the JDK's are left out of signatures and of the stacks a report shows.
 */
public final class StackFrames {
  /**
   * The name of the class loader that defines the target's classes in a run, which stack traces
   * print before each frame of target code; the oracle owns it so that reading a stack needs no
   * class loading.
   */
  public static final String TARGET_LOADER = "weft-run";

  private static final String[] WEFT_PACKAGES = {
    "dev.weft.runtime.",
    Trace.class.getPackageName() + ".",
    "dev.weft.graph.",
    "dev.weft.corpus.",
    "dev.weft.fuzz.",
    "dev.weft.cli."
  };

  private StackFrames() {}

  public static boolean isWeftFrame(StackTraceElement f) {
    for (String p : WEFT_PACKAGES) {
      if (f.getClassName().startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  public static boolean isTargetFrame(StackTraceElement f) {
    String c = f.getClassName();
    return !(c.startsWith("java.")
        || c.startsWith("jdk.")
        || c.startsWith("sun.")
        || isWeftFrame(f));
  }

  /** The target's frames of {@code stack}, innermost first. */
  public static List<StackTraceElement> targetFrames(StackTraceElement[] stack) {
    List<StackTraceElement> frames = new ArrayList<>();
    for (StackTraceElement f : stack) {
      if (isTargetFrame(f)) {
        frames.add(f);
      }
    }
    return frames;
  }
}
