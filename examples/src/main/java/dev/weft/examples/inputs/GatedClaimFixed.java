package dev.weft.examples.inputs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link GatedClaim}'s correct twin: the claim's check and act hold one lock, so the job has one
 * owner in every interleaving of every input.
 */
public final class GatedClaimFixed {
  private boolean claimed;
  private final AtomicInteger owners = new AtomicInteger();

  public static void fuzzerTestOneInput(FuzzedDataProvider data) throws InterruptedException {
    if (data.consumeByte() == 'R') {
      if (data.consumeByte() == 'A') {
        if (data.consumeByte() == 'C') {
          new GatedClaimFixed().race();
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

  private synchronized void claim() {
    if (!claimed) {
      claimed = true;
      owners.incrementAndGet();
    }
  }
}
