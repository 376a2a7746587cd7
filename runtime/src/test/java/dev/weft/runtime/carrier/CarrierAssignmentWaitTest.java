package dev.weft.runtime.carrier;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A carrier parked in its idle loop is Weft's own wait: the stall watch must never take a logical
 * thread whose carrier has not yet picked it up (a busy machine) for code blocked outside Weft.
 */
class CarrierAssignmentWaitTest {

  @Test
  void aCarrierIsAwaitingItsAssignmentOnlyWhileParkedInItsIdleLoop() throws Exception {
    Carrier carrier = new Carrier();
    assertThat(Carrier.awaitsItsAssignment(carrier)).isFalse();
    carrier.start();
    awaitState(carrier, Thread.State.WAITING);
    assertThat(Carrier.awaitsItsAssignment(carrier)).isTrue();

    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    carrier.assign(
        new Carrier.Assignment(
            "program",
            null,
            null,
            () -> {
              running.countDown();
              try {
                release.await(); // the program's own wait: the carrier is WAITING here too
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }));
    assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
    awaitState(carrier, Thread.State.WAITING);
    assertThat(Carrier.awaitsItsAssignment(carrier))
        .as("blocked in the program's code, not in Weft's idle loop")
        .isFalse();
    release.countDown();
    assertThat(Carrier.awaitsItsAssignment(new Thread(() -> {}))).isFalse();
  }

  private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (t.getState() != state && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(t.getState()).isEqualTo(state);
  }
}
