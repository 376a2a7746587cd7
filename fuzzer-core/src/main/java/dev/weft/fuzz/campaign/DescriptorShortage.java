package dev.weft.fuzz.campaign;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * Whether the target has left the process short of file descriptors, and what to say when it has.
 * Weft gives back what a run opened through the calls it knows ({@code RunResources}); a target
 * that leaks descriptors some other way (reflection, native code) would, run after run, leave none
 * for the next run or for Weft, and the run that then fails to open a file would be reported as a
 * bug of the program's. A campaign asks after every run that failed, and every {@value #EVERY}
 * runs, and stops while a {@value #MARGIN}-descriptor margin is left.
 */
public final class DescriptorShortage {
  /** How many runs pass between two looks at the descriptor count when no run fails. */
  static final int EVERY = 16;

  /** How many free descriptors the process must keep; fewer is a shortage. */
  static final int MARGIN = 64;

  /** How the JDK words the operating system's {@code EMFILE} and {@code ENFILE}. */
  private static final String EXHAUSTED = "Too many open files";

  private final UnixOperatingSystemMXBean counts;

  public DescriptorShortage() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    counts = os instanceof UnixOperatingSystemMXBean unix ? unix : null;
  }

  /**
   * Why the campaign must stop after run {@code execution}, or null: the process is within the
   * margin of its descriptor limit, or the run failed for want of descriptors.
   */
  public String after(RunResult result, long execution) {
    boolean failed = !result.failures().isEmpty();
    if (!failed && execution % EVERY != 0) {
      return null;
    }
    for (Failure f : result.failures()) {
      if (mentionsExhaustion(f.message()) || mentionsExhaustion(f.details())) {
        return reason(execution);
      }
    }
    if (counts == null) {
      return null;
    }
    long max = counts.getMaxFileDescriptorCount();
    long open = counts.getOpenFileDescriptorCount();
    return max > 0 && open >= 0 && max - open < MARGIN ? reason(execution) : null;
  }

  /** Whether a failure of Weft's own (writing its files) was for want of descriptors. */
  public static boolean isExhaustion(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (mentionsExhaustion(t.getMessage())) {
        return true;
      }
    }
    return false;
  }

  private static boolean mentionsExhaustion(String text) {
    return text != null && text.contains(EXHAUSTED);
  }

  private String reason(long execution) {
    String counted =
        counts == null
            ? ""
            : " ("
                + counts.getOpenFileDescriptorCount()
                + " of "
                + counts.getMaxFileDescriptorCount()
                + " open)";
    return "the target exhausted the process's file descriptors by execution "
        + execution
        + counted
        + ": it leaves files or sockets open in a way Weft does not close at the end of a run;"
        + " stopping before a run's failure to open one is taken for a bug";
  }

  /** The stop reason when Weft itself could not write for want of descriptors. */
  public String weftShortOf(Throwable e, long executions) {
    return reason(executions) + " (" + e + ")";
  }
}
