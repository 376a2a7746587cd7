package dev.weft.realworld.metrics;

import com.codahale.metrics.ExponentiallyDecayingReservoir;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The stress loop shared by {@link FirstUpdatesRace} and {@link PrimedReservoir}: two recorder
 * threads run for {@link #RUN_MILLIS} ms of {@code System.currentTimeMillis()} (as a library's own
 * stress test does: "record for a while, then check"). Each round starts a fresh reservoir of size
 * one; the barrier's action, run by the last thread to arrive, reads the clock and decides for both
 * whether another round follows, so the two threads always agree on when to stop. An update that
 * fails ends the loop at the next round for both; the thread whose update failed then dies of that
 * exception.
 */
final class ReservoirRounds {
  static final long RUN_MILLIS = 2_000;

  interface ReservoirFactory {
    ExponentiallyDecayingReservoir newRound();
  }

  private final ReservoirFactory factory;
  private final long deadline;
  private final CyclicBarrier barrier;
  private volatile boolean running = true;
  private volatile boolean failure;
  private volatile ExponentiallyDecayingReservoir current;
  private volatile long rounds;

  ReservoirRounds(ReservoirFactory factory) {
    this.factory = factory;
    this.deadline = System.currentTimeMillis() + RUN_MILLIS;
    this.barrier = new CyclicBarrier(2, this::nextRound);
  }

  private void nextRound() {
    running = !failure && System.currentTimeMillis() < deadline;
    if (running) {
      current = factory.newRound();
      rounds++;
    }
  }

  /** Runs two recorders until the deadline (or a failed update); returns the number of rounds. */
  long run() throws InterruptedException {
    Thread a = new Thread(() -> record(1), "recorder-1");
    Thread b = new Thread(() -> record(2), "recorder-2");
    a.start();
    b.start();
    a.join();
    b.join();
    return rounds;
  }

  private void record(long value) {
    RuntimeException failed = null;
    try {
      while (true) {
        barrier.await();
        if (!running) {
          break;
        }
        try {
          current.update(value);
        } catch (RuntimeException e) {
          failed = e;
          failure = true;
        }
      }
    } catch (BrokenBarrierException | InterruptedException e) {
      throw new IllegalStateException("the recorders' barrier broke", e);
    }
    if (failed != null) {
      throw failed;
    }
  }
}
