package dev.weft.targets.interference;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A bug that needs a specific input and exactly one interference: only the request {@code 'P', 'Q'}
 * starts a writer that raises {@code ready} before it sets {@code value} and a reader that fails
 * when it sees {@code ready} (another thread's write: one non-local read) while {@code value} is
 * still 0 (a local read). On any other input no thread starts, so there is no read to make
 * non-local.
 */
public final class GatedPublication {
  private boolean ready;
  private int value;

  public static void fuzzerTestOneInput(FuzzedDataProvider data) throws InterruptedException {
    if (data.consumeByte() == 'P') {
      if (data.consumeByte() == 'Q') {
        new GatedPublication().publish();
      }
    }
  }

  private void publish() throws InterruptedException {
    Thread writer =
        new Thread(
            () -> {
              ready = true;
              value = 42;
            },
            "writer");
    Thread reader =
        new Thread(
            () -> {
              if (ready && value != 42) {
                throw new AssertionError("saw ready before value");
              }
            },
            "reader");
    writer.start();
    reader.start();
    writer.join();
    reader.join();
  }
}
