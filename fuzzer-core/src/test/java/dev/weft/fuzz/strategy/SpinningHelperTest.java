package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The helper runs every task handed to it, from one submitter or several, ends its thread when idle
 * and starts another for the next task.
 */
class SpinningHelperTest {
  private static final long IDLE_EXIT = TimeUnit.MILLISECONDS.toNanos(100);

  @Test
  void runsEachTaskOnceWhetherWaitedForAtOnceOrLater() throws Exception {
    SpinningHelper helper = new SpinningHelper("weft-test-helper-1", IDLE_EXIT);
    for (int i = 0; i < 2_000; i++) {
      int n = i;
      assertThat(helper.submit(() -> n * 2).get(5, TimeUnit.SECONDS)).isEqualTo(2 * n);
      if (i % 500 == 0) {
        Thread.sleep(2); // past the spin: the thread parks and must be woken
      }
    }
  }

  @Test
  void tasksFromSeveralSubmittersAllRun() throws Exception {
    SpinningHelper helper = new SpinningHelper("weft-test-helper-2", IDLE_EXIT);
    AtomicInteger ran = new AtomicInteger();
    List<Thread> submitters = new ArrayList<>();
    List<Future<Integer>> futures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int s = 0; s < 3; s++) {
      Thread t =
          new Thread(
              () -> {
                for (int i = 0; i < 3_000; i++) {
                  futures.add(helper.submit(ran::incrementAndGet));
                }
              });
      submitters.add(t);
      t.start();
    }
    for (Thread t : submitters) {
      t.join();
    }
    for (Future<Integer> f : futures) {
      f.get(5, TimeUnit.SECONDS);
    }
    assertThat(ran.get()).isEqualTo(9_000);
  }

  @Test
  void anIdleHelperLetsItsThreadGoAndStartsAnotherForTheNextTask() throws Exception {
    String name = "weft-test-helper-3";
    SpinningHelper helper = new SpinningHelper(name, IDLE_EXIT);
    assertThat(helper.submit(() -> Thread.currentThread().getName()).get()).isEqualTo(name);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (alive(name) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(alive(name)).as("the idle thread ended").isFalse();
    assertThat(helper.submit(() -> 42).get(5, TimeUnit.SECONDS)).isEqualTo(42);
  }

  private static boolean alive(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }
}
