package dev.weft.targets.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Correct: a child writes more than a pipe holds, a thread drains its output, and the starter waits
 * for the child to exit. The child cannot exit until the drain has read most of it, so a wait for
 * it that held up the drain would never end.
 */
public final class DrainedChild {
  private static final int BYTES = 300_000;

  public static void main(String[] args) throws Exception {
    Process child = new ProcessBuilder("sh", "-c", "head -c " + BYTES + " /dev/zero").start();
    long[] read = new long[1];
    Thread drain =
        new Thread(
            () -> {
              try (InputStream in = child.getInputStream()) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0; ) {
                  read[0] += n;
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    drain.start();
    int status = child.waitFor();
    drain.join();
    if (status != 0 || read[0] != BYTES) {
      throw new AssertionError("exit " + status + ", read " + read[0] + " of " + BYTES);
    }
  }
}
