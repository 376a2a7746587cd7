package dev.weft.runtime.resources;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The operating-system resources one run of the target took (files, channels, file locks, sockets,
 * processes; {@link dev.weft.runtime.instrument.calls.ResourceCalls} says which calls), given back
 * when the run ends. The JVM would give them back at its exit; Weft's JVM goes on to thousands of
 * further runs, so a file each run leaves open exhausts its descriptors, and a lock one run leaves
 * held makes the next fail to start, a failure that is no bug of the program's.
 *
 * <p>References are strong: a file lock must be released even when the program dropped its channel,
 * and the run ends soon. Resources the program closed stay listed (closing again does nothing)
 * until the list grows, when those are let go. What a class initialiser the JVM itself runs opened
 * is left alone ({@link OpenedBy}): such a class (an interface or an enum, whose initialisation is
 * once per process) keeps its statics from one run to the next, and later runs would find its file
 * closed.
 */
public final class RunResources {
  private static final RunLocal<RunResources> OF_RUN = new RunLocal<>(RunResources::new);

  /** Size at which the list is next cleared of what the program has closed itself. */
  private static final int FIRST_PRUNE = 256;

  private final List<Object> taken = new ArrayList<>();
  private int pruneAt = FIRST_PRUNE;

  private RunResources() {}

  /**
   * Notes that the calling target thread took {@code resource}: an {@code AutoCloseable}, a {@code
   * Process}, or a collection of processes ({@code ProcessBuilder.startPipeline}). Threads Weft
   * does not control take nothing for a run.
   */
  public static void taken(Object resource) {
    ControlledThread self = ControlledThread.current();
    if (resource == null || self == null || OpenedBy.jvmClassInitialiser()) {
      return;
    }
    RunResources run = OF_RUN.of(self.scheduler());
    if (resource instanceof Collection<?> processes) {
      processes.forEach(run::add);
    } else {
      run.add(resource);
    }
  }

  private synchronized void add(Object resource) {
    if (taken.size() >= pruneAt) {
      taken.removeIf(r -> !Release.stillHeld(r));
      pruneAt = Math.max(FIRST_PRUNE, taken.size() * 2);
    }
    taken.add(resource);
  }

  /**
   * Gives back what the run of {@code scheduler} took and still holds, the latest first (a lock
   * before its channel, a process before the streams it was given); called once its threads are
   * done or abandoned. Returns how many were still held.
   */
  public static int releaseAll(Scheduler scheduler) {
    RunResources run = OF_RUN.of(scheduler);
    List<Object> all;
    synchronized (run) {
      all = new ArrayList<>(run.taken);
      run.taken.clear();
    }
    int held = 0;
    Release release = new Release();
    for (int i = all.size() - 1; i >= 0; i--) {
      Object r = all.get(i);
      if (Release.stillHeld(r)) {
        held++;
      }
      release.release(r);
    }
    release.awaitProcesses();
    return held;
  }
}
