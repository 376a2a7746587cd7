package dev.weft.targets.statics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Programs whose runs differ for reasons other than the classes they run on, and one whose hang
 * only state left by an earlier run causes; the checks of runs on shared classes must tell them
 * apart.
 */
public final class OutsideState {
  private OutsideState() {}

  /** The system property naming the file {@link #firstRunEver} counts its runs in. */
  public static final String COUNTER_FILE = "dev.weft.targets.statics.counterFile";

  static int shared;

  /**
   * Takes a longer path only the first time it ever runs: the count is in a file, which no class
   * loader resets.
   */
  public static void firstRunEver() throws IOException {
    Path file = Path.of(System.getProperty(COUNTER_FILE));
    int runs = Files.exists(file) ? Integer.parseInt(Files.readString(file).trim()) : 0;
    Files.writeString(file, Integer.toString(runs + 1));
    if (runs == 0) {
      shared++;
    }
  }

  enum Colour {
    RED,
    GREEN
  }

  /**
   * Two threads lock an enum constant, which runs on shared classes never make again, then one
   * locks an object made after it.
   */
  public static void lockOnAnEnumConstant() throws InterruptedException {
    Thread t =
        new Thread(
            () -> {
              synchronized (Colour.RED) {
                shared++;
              }
            });
    t.start();
    synchronized (Colour.RED) {
      shared++;
    }
    t.join();
    int[] after = new int[1]; // numbered after the constants only where they were made
    Thread u = new Thread(() -> after[0]++);
    u.start();
    after[0]++;
    u.join();
  }

  interface Gate {
    AtomicBoolean OPEN = new AtomicBoolean(true);
  }

  /** Passes through an open gate and closes it: on shared classes the next run waits for ever. */
  public static void passTheGateOnce() {
    while (!Gate.OPEN.get()) {
      Thread.onSpinWait();
    }
    Gate.OPEN.set(false);
  }
}
