package dev.weft.cli;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Ends a Weft JVM started by another Weft (a pool's worker, a child with the user's JVM options)
 * once that parent is gone. A parent killed with {@code kill -9} runs no shutdown hook to stop its
 * children; without this they would be adopted by init and fuzz on, at full CPU and without a time
 * limit. The watch looks at the parent every {@value #LOOK_MILLIS} ms: gone is when this process
 * was given another parent, or the parent's process ended (its start time guards against a reused
 * process id). It then exits as on SIGTERM, so the shutdown hooks stop the work and write its
 * files, and halts if that takes longer than {@value #HALT_AFTER_SECONDS} s.
 */
final class ParentWatch {
  /** Set on the child's command line: the process id of the Weft that started it. */
  static final String PROPERTY = "weft.parentPid";

  /** The exit status of a child whose parent is gone, as after SIGTERM. */
  static final int ORPHANED = 143;

  private static final long LOOK_MILLIS = 250;
  private static final long HALT_AFTER_SECONDS = 15;

  private final long parentPid;
  private final Optional<Instant> parentStart;
  private final boolean directChild;

  private ParentWatch(long parentPid) {
    this.parentPid = parentPid;
    Optional<ProcessHandle> parent = ProcessHandle.of(parentPid);
    this.parentStart = parent.flatMap(p -> p.info().startInstant());
    this.directChild =
        ProcessHandle.current().parent().map(p -> p.pid() == parentPid).orElse(false);
  }

  /** The JVM option that tells a child to watch this process. */
  static String optionForChild() {
    return "-D" + PROPERTY + "=" + ProcessHandle.current().pid();
  }

  /** Starts watching the parent named by {@value #PROPERTY}, if it is set. */
  static void startIfAsked() {
    String pid = System.getProperty(PROPERTY);
    if (pid == null) {
      return;
    }
    ParentWatch watch;
    try {
      watch = new ParentWatch(Long.parseLong(pid.strip()));
    } catch (NumberFormatException e) {
      return;
    }
    if (watch.parentGone()) {
      exitNow();
    }
    Thread t = new Thread(watch::watch, "weft-parent-watch");
    t.setDaemon(true);
    t.start();
  }

  boolean parentGone() {
    if (directChild
        && ProcessHandle.current().parent().map(p -> p.pid() != parentPid).orElse(true)) {
      return true; // given to another parent: ours ended, even if not yet reaped
    }
    Optional<ProcessHandle> parent = ProcessHandle.of(parentPid);
    if (parent.isEmpty() || !parent.get().isAlive()) {
      return true;
    }
    Optional<Instant> start = parent.get().info().startInstant();
    return parentStart.isPresent() && start.isPresent() && !start.equals(parentStart);
  }

  private void watch() {
    try {
      while (!parentGone()) {
        Thread.sleep(LOOK_MILLIS);
      }
    } catch (InterruptedException e) {
      return;
    }
    exitNow();
  }

  private static void exitNow() {
    System.err.println(
        "[weft] the Weft process that started this one is gone; stopping (as on SIGTERM)");
    Thread halt =
        new Thread(
            () -> {
              try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(HALT_AFTER_SECONDS));
              } catch (InterruptedException e) {
                // halt now
              }
              Runtime.getRuntime().halt(ORPHANED);
            },
            "weft-orphan-halt");
    halt.setDaemon(true);
    halt.start();
    System.exit(ORPHANED);
  }
}
