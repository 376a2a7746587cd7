package dev.weft.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM for a command that must finish its files before the JVM ends: the shutdown
 * hook asks the work to stop and then waits (up to a limit) until the command says it is done,
 * since the JVM ends as soon as the hook returns. Closing it says the command is done.
 */
final class StopHook implements AutoCloseable {
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;

  private StopHook(Runnable stop, long waitSeconds) {
    hook =
        new Thread(
            () -> {
              stop.run();
              try {
                finished.await(waitSeconds, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "weft-stop");
  }

  /** Installs a hook that runs {@code stop}, then waits up to {@code waitSeconds} for close. */
  static StopHook install(Runnable stop, long waitSeconds) {
    StopHook h = new StopHook(stop, waitSeconds);
    Runtime.getRuntime().addShutdownHook(h.hook);
    return h;
  }

  @Override
  public void close() {
    finished.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running; it will see the latch
    }
  }
}
