package dev.weft.examples.inputs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bug that needs both the right input and the right interleaving (seed 003's point): a Jazzer
 * fuzz target reads three bytes through three nested branches, and only the input {@code "RAC"}
 * starts two threads that claim a job with a check-then-act on a plain flag. Both can see the flag
 * clear before either sets it, and then the job has two owners. No input alone finds it (the race
 * needs a preemption between the check and the act), and no schedule alone does (without the input
 * no thread is started).
 */
public final class GatedClaim {
  private boolean claimed;
  private final AtomicInteger owners = new AtomicInteger();

  public static void fuzzerTestOneInput(FuzzedDataProvider data) throws InterruptedException {
    if (data.consumeByte() == 'R') {
      if (data.consumeByte() == 'A') {
        if (data.consumeByte() == 'C') {
          new GatedClaim().race();
        }
      }
    }
  }

  private void race() throws InterruptedException {
    Thread first = new Thread(this::claim, "claimer-1");
    Thread second = new Thread(this::claim, "claimer-2");
    first.start();
    second.start();
    first.join();
    second.join();
    if (owners.get() != 1) {
      throw new IllegalStateException("the job was claimed " + owners.get() + " times");
    }
  }

  private void claim() {
    if (!claimed) {
      claimed = true;
      owners.incrementAndGet();
    }
  }
}
