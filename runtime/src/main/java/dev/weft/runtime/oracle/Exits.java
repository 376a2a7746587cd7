package dev.weft.runtime.oracle;

import dev.weft.runtime.control.ControlledThread;
import java.util.ArrayList;
import java.util.List;

/**
 * Describes a run the program ended itself with {@code System.exit}, {@code Runtime.exit} or {@code
 * Runtime.halt}. A non-zero status is how a program says it failed (a supervisor thread that sees a
 * broken invariant and exits 3), so it is a finding, known by the status and the frames of target
 * code that called it; status 0 is a normal end of the run, as on the JVM.
 */
public final class Exits {
  private static final int SIGNATURE_FRAMES = 3;

  private Exits() {}

  /**
   * @param call a throwable made where the program called exit, for the calling thread's stack
   */
  public static Failure nonZero(String threadName, int status, Throwable call) {
    List<StackTraceElement> frames = StackFrames.targetFrames(call.getStackTrace());
    StringBuilder signature =
        new StringBuilder(FindingKind.EXIT.label()).append(':').append(status);
    for (int i = 0; i < Math.min(SIGNATURE_FRAMES, frames.size()); i++) {
      StackTraceElement f = frames.get(i);
      signature.append('|').append(f.getClassName()).append('.').append(f.getMethodName());
      signature.append(':').append(f.getLineNumber());
    }
    String message = "exit: thread " + threadName + " called System.exit(" + status + ")";
    StringBuilder details = new StringBuilder(message).append('\n');
    for (StackTraceElement f : frames) {
      details.append("\tat ").append(f).append('\n');
    }
    return new Failure(
        FindingKind.EXIT, threadName, message, details.toString(), signature.toString());
  }

  /**
   * What to say of a run that {@code caller} exited with status 0 while other of its {@code
   * threads} still ran (the JVM ends them mid-work, which a program rarely means to do); null if
   * none did.
   */
  public static String zeroNote(ControlledThread caller, List<ControlledThread> threads) {
    String threadName = caller.toString();
    List<String> stillRunning = new ArrayList<>();
    for (ControlledThread c : threads) {
      if (c != caller && c.keepsRunAlive()) {
        stillRunning.add(c.toString());
      }
    }
    if (stillRunning.isEmpty()) {
      return null;
    }
    List<String> shown = new ArrayList<>(stillRunning.subList(0, Math.min(5, stillRunning.size())));
    if (stillRunning.size() > shown.size()) {
      shown.add("...");
    }
    return "thread "
        + threadName
        + " called System.exit(0) while "
        + stillRunning.size()
        + " other thread(s) still ran ("
        + String.join(", ", shown)
        + "); the run ended there, as the JVM would";
  }
}
