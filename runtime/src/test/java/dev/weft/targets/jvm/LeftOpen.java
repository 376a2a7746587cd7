package dev.weft.targets.jvm;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Programs that take an operating-system resource in each run and never give it back, as careless
 * test code does: a file left open, a file lock left held, a process left running. Each works in
 * the directory named by the system property {@value #DIRECTORY}.
 */
public final class LeftOpen {
  public static final String DIRECTORY = "weft.test.leftOpen";

  private LeftOpen() {}

  private static Path directory() {
    return Path.of(System.getProperty(DIRECTORY));
  }

  /**
   * Opens a file and leaves it open, reachable from the JVM's system properties (as from a
   * long-lived registry of the program's), so that no collection closes it behind the run's back.
   */
  public static void leavesAFileOpen() throws IOException {
    FileOutputStream out = new FileOutputStream(directory().resolve("left-open").toFile(), true);
    out.write('x');
    System.getProperties().put(new Object(), out);
  }

  /** Locks a file for the run, as a database locks its files, and never releases the lock. */
  public static void locksAFile() throws IOException {
    FileChannel channel =
        FileChannel.open(
            directory().resolve("db.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock = channel.tryLock();
    if (lock == null) {
      throw new IllegalStateException("the database is locked by another process");
    }
    System.getProperties().put(new Object(), channel);
  }

  /** Starts a process that outlives the run, writing its pid to {@code pid}. */
  public static void startsAProcess() throws IOException {
    Process sleeper = new ProcessBuilder("sleep", "60").start();
    Files.writeString(directory().resolve("pid"), Long.toString(sleeper.pid()));
  }

  /**
   * Writes each run to a log that an interface's initialiser opened: the JVM initialises an
   * interface once, so the log serves every run and must stay open.
   */
  public static void writesToALogOpenedOnce() throws IOException {
    SharedLog.OUT.write("run\n".getBytes(StandardCharsets.UTF_8));
  }

  /** A constant of an interface, which the JVM initialises once per process. */
  interface SharedLog {
    FileOutputStream OUT = open();

    private static FileOutputStream open() {
      try {
        return new FileOutputStream(new File(System.getProperty(DIRECTORY), "shared.log"), true);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  /** Registers a shutdown hook, as a database does for each one it opens, and leaves it. */
  public static void registersAShutdownHook() {
    Thread hook = new Thread(() -> System.out.println("a run's shutdown hook ran"));
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      Runtime.getRuntime().addShutdownHook(hook);
      throw new AssertionError("a hook was registered twice");
    } catch (IllegalArgumentException expected) {
      // as the JVM refuses it
    }
    System.getProperties().put(SHUTDOWN_HOOK, hook);
  }

  /** The system property under which the last run's shutdown hook is left for the test. */
  public static final String SHUTDOWN_HOOK = "weft.test.shutdownHook";
}
