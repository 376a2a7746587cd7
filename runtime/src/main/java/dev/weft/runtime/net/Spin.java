package dev.weft.runtime.net;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits, holding the turn, for bytes or a connection the run has already sent to reach the other
 * end through the kernel: a matter of microseconds, longer only on a very busy machine. Gives up
 * after {@link #LIMIT_NANOS} with an error, since then the run's counts and the kernel disagree.
 */
final class Spin {
  private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
  private final long start = System.nanoTime();
  private int rounds;

  void pause(String what) throws IOException {
    if (++rounds < 100) {
      Thread.onSpinWait();
      return;
    }
    if (System.nanoTime() - start > LIMIT_NANOS) {
      throw new IOException(
          "Weft: " + what + " did not arrive in " + LIMIT_NANOS / 1_000_000_000 + " s");
    }
    LockSupport.parkNanos(20_000);
  }
}
