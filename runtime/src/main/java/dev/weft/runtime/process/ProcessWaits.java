package dev.weft.runtime.process;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.outside.OutsideCall;
import dev.weft.runtime.sync.Threads;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Waits for a process the run started to exit. The operating system, not a thread of the run,
 * decides when a child exits, and a child often waits for one of the run's threads (one that drains
 * its output, or writes its input): a wait that held the turn would stop that thread, and the run
 * with it. So a wait is a call outside the run ({@link OutsideCall}) and the run's other threads go
 * on meanwhile. The JDK completes {@code onExit()}'s future on its own process reaper thread, which
 * no event of the run sees (a join would be a deadlock) and on which the future's callbacks would
 * run uncontrolled: instead the run gets a future of its own, completed by a controlled stand-in
 * for the reaper (a daemon thread of the run) that waits for the exit outside the run.
 */
public final class ProcessWaits {
  private ProcessWaits() {}

  /** {@code process.waitFor()}. */
  public static int waitFor(Process process, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(process, "waitFor");
    if (t == null) {
      return process.waitFor();
    }
    OutsideCall exit = leave(t, process, site);
    try {
      return process.waitFor();
    } finally {
      exit.back();
    }
  }

  /** {@code process.waitFor(timeout, unit)}: the timeout is real time, as the child's is. */
  public static boolean waitFor(Process process, long timeout, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(process, "waitFor", long.class, TimeUnit.class);
    if (t == null) {
      return process.waitFor(timeout, unit);
    }
    OutsideCall exit = leave(t, process, site);
    try {
      return process.waitFor(timeout, unit);
    } finally {
      exit.back();
    }
  }

  /** {@code process.onExit()}: completed on a controlled stand-in for the JDK's reaper. */
  public static CompletableFuture<Process> onExit(Process process, int site) {
    ControlledThread t = JdkCode.controlledCaller(process, "onExit");
    if (t == null) {
      return process.onExit();
    }
    CompletableFuture<Process> exited = new CompletableFuture<>();
    reap(t, process, process::onExit, exited, site);
    return exited;
  }

  /** {@code handle.onExit()} of a process handle. */
  public static CompletableFuture<ProcessHandle> onExit(ProcessHandle handle, int site) {
    ControlledThread t = JdkCode.controlledCaller(handle, "onExit");
    if (t == null) {
      return handle.onExit();
    }
    CompletableFuture<ProcessHandle> exited = new CompletableFuture<>();
    reap(t, handle, handle::onExit, exited, site);
    return exited;
  }

  /** The JDK's future of an exit, asked for by the stand-in. */
  private interface Exit<T> {
    CompletableFuture<T> future();
  }

  /** Starts the stand-in reaper that completes {@code exited} once {@code of} has exited. */
  private static <T> void reap(
      ControlledThread t, Object of, Exit<T> exit, CompletableFuture<T> exited, int site) {
    Thread reaper =
        new Thread(
            () -> {
              ControlledThread self = ControlledThread.current();
              // asked for under control: a child that has exited already completes it at once,
              // and the JDK's follow-up task then goes to the run's pool, whose worker must run
              CompletableFuture<T> future = exit.future();
              T value;
              Throwable failed = null;
              OutsideCall call = leave(self, of, site);
              try {
                value = future.join();
              } catch (RuntimeException e) {
                value = null;
                failed = e;
              } finally {
                call.back();
              }
              Scheduler s = self.scheduler();
              s.point(self, EventKind.WRITE, location(s, exited, site), site, exited, 0);
              if (failed != null) {
                exited.completeExceptionally(failed);
              } else {
                exited.complete(value);
              }
              s.changed();
            },
            "process reaper");
    Threads.setDaemon(reaper, true);
    Threads.start(reaper, site);
  }

  private static OutsideCall leave(ControlledThread t, Object process, int site) {
    Scheduler s = t.scheduler();
    return s.leave(
        t, EventKind.READ, location(s, process, site), site, process, "a process to exit");
  }

  private static long location(Scheduler s, Object on, int site) {
    return s.objectLocation(on, Locations.CONTENTS_MEMBER, site);
  }
}
