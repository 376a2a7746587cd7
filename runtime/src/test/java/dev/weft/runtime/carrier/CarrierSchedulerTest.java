package dev.weft.runtime.carrier;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The carriers' scheduler runs its tasks on one thread, and a task that holds that thread (blocked,
 * or running on and on) does not hold up the others.
 */
class CarrierSchedulerTest {

  @Test
  void tasksRunInOrderOnOneThreadAndATaskHandedOnRunsAfterItsGiver() throws Exception {
    CarrierScheduler scheduler = new CarrierScheduler("test-order");
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch done = new CountDownLatch(1);
    scheduler.execute(
        () -> {
          for (int i = 0; i < 100; i++) {
            int n = i;
            scheduler.execute(
                () -> {
                  threads.add(Thread.currentThread());
                  ran.add("task " + n);
                  // as a virtual thread that hands the turn on: the next runs once this returns
                  scheduler.execute(() -> ran.add("handed on by " + n));
                  if (n == 99) {
                    scheduler.execute(done::countDown);
                  }
                });
          }
        });
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    List<String> expected = new ArrayList<>();
    for (int n = 0; n < 100; n++) {
      expected.add("task " + n);
    }
    for (int n = 0; n < 100; n++) {
      expected.add("handed on by " + n);
    }
    assertThat(ran).containsExactlyElementsOf(expected);
    assertThat(threads).allMatch(t -> t == threads.get(0));
    assertThat(scheduler.threadsMade()).isEqualTo(1);
  }

  @Test
  void aBlockedTaskIsLeftOnItsThreadAndTheQueueGoesOn() throws Exception {
    CarrierScheduler scheduler = new CarrierScheduler("test-blocked");
    CountDownLatch released = new CountDownLatch(1);
    CountDownLatch blockedEnded = new CountDownLatch(1);
    // a virtual thread pinned to its platform thread while it waits for one queued after it
    scheduler.execute(
        () -> {
          try {
            released.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          blockedEnded.countDown();
        });
    scheduler.execute(released::countDown);
    assertThat(released.await(10, TimeUnit.SECONDS)).as("the task queued behind it ran").isTrue();
    assertThat(blockedEnded.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(scheduler.threadsRetired()).isEqualTo(1);
    assertThat(scheduler.threadsMade()).isEqualTo(2);
    // the retired thread ends; the other serves on
    CountDownLatch later = new CountDownLatch(1);
    scheduler.execute(later::countDown);
    assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(liveServers("test-blocked")).isEqualTo(1);
  }

  @Test
  void aTaskThatRunsOnAndOnIsLeftToItselfAndTheQueueGoesOn() throws Exception {
    CarrierScheduler scheduler = new CarrierScheduler("test-spinning");
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch spinning = new CountDownLatch(1);
    Thread[] spinner = new Thread[1];
    Thread[] served = new Thread[1];
    scheduler.execute(
        () -> {
          spinner[0] = Thread.currentThread();
          spinning.countDown();
          while (!stop.get()) {
            Thread.onSpinWait(); // target code in a loop without a scheduling point
          }
        });
    assertThat(spinning.await(10, TimeUnit.SECONDS)).isTrue();
    CountDownLatch other = new CountDownLatch(1);
    scheduler.execute(
        () -> {
          served[0] = Thread.currentThread();
          other.countDown();
        });
    assertThat(other.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(served[0]).isNotSameAs(spinner[0]);
    assertThat(scheduler.threadsRetired()).isEqualTo(1);
    stop.set(true);
    spinner[0].join(10_000);
    assertThat(spinner[0].isAlive()).as("the retired thread ends once its task does").isFalse();
  }

  @Test
  void aSpareThreadEndsAfterASecondWithoutWorkAndTheLastStays() throws Exception {
    CarrierScheduler scheduler = new CarrierScheduler("test-spare");
    scheduler.startServer();
    scheduler.startServer(); // as after a retirement raced with a wake-up
    assertThat(liveServers("test-spare")).isEqualTo(2);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (liveServers("test-spare") > 1 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(liveServers("test-spare")).isEqualTo(1);
    Thread.sleep(2 * CarrierScheduler.SPARE_IDLE_MILLIS);
    assertThat(liveServers("test-spare")).as("the last one waits for work").isEqualTo(1);
    CountDownLatch served = new CountDownLatch(1);
    scheduler.execute(served::countDown);
    assertThat(served.await(10, TimeUnit.SECONDS)).isTrue();
  }

  private static int liveServers(String name) throws InterruptedException {
    Thread.sleep(50); // a retired thread ends as soon as its task returns
    int n = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith(name + "-") && !t.getName().endsWith("watchdog") && t.isAlive()) {
        n++;
      }
    }
    return n;
  }
}
