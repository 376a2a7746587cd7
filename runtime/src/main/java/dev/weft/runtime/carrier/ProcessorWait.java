package dev.weft.runtime.carrier;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * How long Weft's platform threads have waited for a processor while ready to run, as Linux counts
 * it ({@code /proc/self/task/TID/schedstat}, its second field). On a loaded machine the thread that
 * holds a run's turn spends most of the wall clock waiting for a processor, through no fault of the
 * program: the run's timeout ({@code --run-timeout}) leaves that time out, so that a run is judged
 * by what it did, as on an idle machine. A thread blocked in native code waits for no processor, so
 * its time still counts.
 *
 * <p>Each carrier registers itself (a thread learns its own kernel id from {@code
 * /proc/thread-self}); elsewhere than on Linux, or for a thread not registered, the wait is unknown
 * (-1) and the whole wall clock counts, as before.
 */
public final class ProcessorWait {
  private static final Path THREAD_SELF = Path.of("/proc/thread-self");
  private static final boolean AVAILABLE = Files.isReadable(THREAD_SELF.resolve("schedstat"));
  private static final Map<Thread, Path> STATS = Collections.synchronizedMap(new WeakHashMap<>());

  private ProcessorWait() {}

  /** Lets the calling platform thread's processor wait be read ({@link #nanos}). */
  static void registerCurrent() {
    if (!AVAILABLE) {
      return;
    }
    try {
      Path task = Files.readSymbolicLink(THREAD_SELF); // "PID/task/TID"
      STATS.put(Thread.currentThread(), Path.of("/proc").resolve(task).resolve("schedstat"));
    } catch (IOException | UnsupportedOperationException e) {
      // not Linux after all: the wait stays unknown
    }
  }

  /**
   * Nanoseconds the registered platform thread {@code platform} has waited for a processor since it
   * began, or -1 if that is unknown.
   */
  public static long nanos(Thread platform) {
    Path stat = platform == null ? null : STATS.get(platform);
    if (stat == null) {
      return -1;
    }
    try {
      String[] fields = Files.readString(stat).trim().split(" ");
      return fields.length < 2 ? -1 : Long.parseLong(fields[1]);
    } catch (IOException | RuntimeException e) {
      return -1; // the thread ended
    }
  }
}
