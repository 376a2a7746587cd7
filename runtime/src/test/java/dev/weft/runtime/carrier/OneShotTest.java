package dev.weft.runtime.carrier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class OneShotTest {
  /** Ticks that never come within a test: only a signal can end a wait. */
  private static final WaitTicks NEVER = new WaitTicks(TimeUnit.HOURS.toMillis(1));

  private static long hourFromNow() {
    return System.nanoTime() + TimeUnit.HOURS.toNanos(1);
  }

  @Test
  void aSignalGivenBeforeTheWaitEndsItAtOnce() throws Exception {
    OneShot shot = new OneShot(NEVER);
    shot.signal();
    assertTimeoutPreemptively(
        Duration.ofSeconds(10), () -> assertThat(shot.await(hourFromNow())).isTrue());
  }

  /**
   * The signaller and the waiter race (the signal comes while the waiter registers, or as it
   * parks): a signal the waiter missed would leave it parked until a tick, here never.
   */
  @Test
  void aSignalRacingTheWaiterIsNeverLost() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 2_000; i++) {
            OneShot shot = new OneShot(NEVER);
            CompletableFuture<Boolean> waited = new CompletableFuture<>();
            Thread waiter = startWaiting(shot, waited);
            if (i % 2 == 0) {
              Thread.onSpinWait();
            } else {
              Thread.yield();
            }
            shot.signal();
            assertThat(waited.get()).isTrue();
            waiter.join();
          }
        });
  }

  /** The signal comes while the waiter is parked: only the signal's unpark can wake it. */
  @Test
  void aSignalWakesAParkedWaiter() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          for (int i = 0; i < 20; i++) {
            OneShot shot = new OneShot(NEVER);
            CompletableFuture<Boolean> waited = new CompletableFuture<>();
            Thread waiter = startWaiting(shot, waited);
            while (LockSupport.getBlocker(waiter) != shot) {
              Thread.onSpinWait();
            }
            shot.signal();
            assertThat(waited.get()).isTrue();
          }
        });
  }

  /** A thread that waits for {@code shot} (an hour at most) and tells {@code waited} the answer. */
  private static Thread startWaiting(OneShot shot, CompletableFuture<Boolean> waited) {
    Thread waiter =
        new Thread(
            () -> {
              try {
                waited.complete(shot.await(hourFromNow()));
              } catch (Throwable t) {
                waited.completeExceptionally(t);
              }
            });
    waiter.start();
    return waiter;
  }

  /**
   * The ticking thread ends once nobody has waited for a while, and the next wait starts another: a
   * wait that came as it ended still gets its ticks.
   */
  @Test
  void theTickerEndsWhenIdleAndTheNextWaitStartsAnother() {
    WaitTicks ticks = new WaitTicks(1);
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          for (int round = 0; round < 3; round++) {
            assertThat(new OneShot(ticks).awaitOrTick()).isFalse();
            assertThat(ticks.ticking()).isTrue();
            while (ticks.ticking()) {
              Thread.sleep(5);
            }
          }
          // waits that come about when the idle ticker ends (100 ticks): each returns at a tick
          for (int i = 0; i < 20; i++) {
            assertThat(new OneShot(ticks).awaitOrTick()).isFalse();
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(95_000 + 1_000 * (i % 10)));
          }
        });
  }

  @Test
  void withoutASignalTheWaitEndsAtTheFirstTickPastTheDeadline() throws Exception {
    WaitTicks fast = new WaitTicks(2);
    OneShot shot = new OneShot(fast);
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(30);
    boolean happened =
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> shot.await(deadline));
    assertThat(happened).isFalse();
    assertThat(System.nanoTime()).isGreaterThanOrEqualTo(deadline);
    assertThat(fast.ticks()).isPositive();
  }

  @Test
  void awaitOrTickReturnsAtATickWithoutTheEvent() throws Exception {
    OneShot shot = new OneShot(new WaitTicks(2));
    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(10), shot::awaitOrTick)).isFalse();
  }

  @Test
  void anInterruptEndsTheWaitWithInterruptedException() throws Exception {
    OneShot shot = new OneShot(NEVER);
    CompletableFuture<Throwable> ended = new CompletableFuture<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                shot.await(hourFromNow());
                ended.complete(null);
              } catch (Throwable t) {
                // as a latch's wait: the interrupt is taken, the flag cleared
                ended.complete(
                    Thread.currentThread().isInterrupted() ? new AssertionError("flag set") : t);
              }
            });
    waiter.start();
    waiter.interrupt();
    assertThat(ended.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
  }
}
