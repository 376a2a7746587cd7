package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HelpedChunksTest {
  @Test
  void everyChunkRunsOnceWhoeverTakesItAndItsResultIsSeenByTheOwner() throws Exception {
    HelpedChunks chunks = new HelpedChunks();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger helped = new AtomicInteger();
    Thread helper =
        new Thread(
            () -> {
              while (!stop.get()) {
                if (chunks.help()) {
                  helped.incrementAndGet();
                }
              }
            });
    helper.start();
    try {
      for (int loop = 0; loop < 2_000; loop++) {
        int n = 2 + loop % 15;
        long[] results = new long[n]; // plain writes: the runner must make them visible
        int[] runs = new int[n];
        chunks.run(
            n,
            i -> {
              runs[i]++;
              long h = i;
              for (int k = 0; k < 2_000; k++) {
                h = h * 31 + k;
              }
              results[i] = h;
            });
        for (int i = 0; i < n; i++) {
          long h = i;
          for (int k = 0; k < 2_000; k++) {
            h = h * 31 + k;
          }
          assertThat(runs[i]).isEqualTo(1);
          assertThat(results[i]).isEqualTo(h);
        }
      }
    } finally {
      stop.set(true);
      helper.join();
    }
    assertThat(helped.get()).isPositive();
  }

  @Test
  void aChunkThatFailsOnTheHelpingThreadFailsTheLoop() throws Exception {
    HelpedChunks chunks = new HelpedChunks();
    CountDownLatch helping = new CountDownLatch(1);
    Thread helper =
        new Thread(
            () -> {
              while (!chunks.help()) {
                Thread.onSpinWait();
              }
              helping.countDown();
            });
    helper.start();
    AtomicInteger ran = new AtomicInteger();
    assertThatThrownBy(
            () ->
                chunks.run(
                    4,
                    i -> {
                      ran.incrementAndGet();
                      if (Thread.currentThread() == helper) {
                        throw new IllegalStateException("chunk " + i + " failed");
                      }
                      while (helping.getCount() > 0 && i == 0) {
                        Thread.onSpinWait(); // hold chunk 0 until the helper has taken one
                      }
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("failed");
    helper.join();
    assertThat(ran.get()).isBetween(2, 4);
    assertThat(chunks.help()).isFalse();
  }

  @Test
  void aParkedTakerIsWokenForEveryLoopAndForTheEnd() throws Exception {
    HelpedChunks chunks = new HelpedChunks();
    AtomicBoolean over = new AtomicBoolean();
    AtomicInteger helped = new AtomicInteger();
    AtomicInteger parks = new AtomicInteger();
    Thread taker =
        new Thread(
            () -> {
              while (!over.get()) {
                if (chunks.help()) {
                  helped.incrementAndGet();
                } else {
                  parks.incrementAndGet();
                  chunks.await(over::get);
                }
              }
            });
    taker.start();
    for (int loop = 0; loop < 500; loop++) {
      int[] runs = new int[8];
      chunks.run(
          8,
          i -> {
            runs[i]++;
            long until = System.nanoTime() + 20_000;
            while (System.nanoTime() < until) {
              Thread.onSpinWait(); // long enough for a woken taker to take one
            }
          });
      for (int r : runs) {
        assertThat(r).isEqualTo(1);
      }
      if (loop % 50 == 0) {
        Thread.sleep(2); // the taker parks between loops, as between an analysis's loops
      }
    }
    over.set(true);
    chunks.wake(); // as the analysis's end does
    taker.join(10_000);
    assertThat(taker.isAlive()).as("taker still parked").isFalse();
    assertThat(helped.get()).as("loops helped with").isGreaterThan(100);
    assertThat(parks.get()).isPositive();
  }

  @Test
  void aTakerStaysParkedWhileNothingIsOpenAndTheWaitIsNotOver() throws Exception {
    HelpedChunks chunks = new HelpedChunks();
    AtomicBoolean over = new AtomicBoolean();
    Thread taker = new Thread(() -> chunks.await(over::get));
    taker.start();
    Thread.sleep(100);
    chunks.wake(); // a wake with nothing to take: it looks again and parks again
    Thread.sleep(100);
    assertThat(taker.isAlive()).isTrue();
    assertThat(taker.getState()).isIn(Thread.State.WAITING, Thread.State.RUNNABLE);
    over.set(true);
    chunks.wake();
    taker.join(10_000);
    assertThat(taker.isAlive()).isFalse();
  }

  @Test
  void nothingToHelpWithWhenNoLoopIsUnderWay() {
    HelpedChunks chunks = new HelpedChunks();
    assertThat(chunks.help()).isFalse();
    AtomicInteger ran = new AtomicInteger();
    chunks.run(1, i -> ran.incrementAndGet());
    assertThat(ran.get()).isEqualTo(1);
    assertThat(chunks.help()).isFalse();
  }
}
