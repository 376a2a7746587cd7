package dev.weft.targets.pass.exchanger;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code Exchanger}: items swap pairwise, and an exchange with no partner ends by timeout or
 * interrupt.
 */
public final class Exchangers {
  private Exchangers() {}

  public static void exchangerSwapsPairwise() throws InterruptedException {
    Exchanger<Integer> exchanger = new Exchanger<>();
    int[] partner = new int[4];
    Runnable[] bodies = new Runnable[4];
    for (int i = 0; i < 4; i++) {
      int me = i;
      bodies[i] =
          () -> {
            try {
              partner[me] = exchanger.exchange(me);
            } catch (InterruptedException e) {
              throw new IllegalStateException(e);
            }
          };
    }
    joinAll(startAll(bodies));
    for (int i = 0; i < 4; i++) {
      check(partner[i] != i, "thread " + i + " got its own item back");
      check(partner[partner[i]] == i, "not pairwise: " + java.util.Arrays.toString(partner));
    }
  }

  static volatile String received;
  static volatile boolean gotInterrupted;

  public static void exchangeTimesOutAlone() throws Exception {
    Exchanger<String> exchanger = new Exchanger<>();
    long start = System.nanoTime();
    try {
      exchanger.exchange("lonely", 1, TimeUnit.SECONDS);
      check(false, "a timed exchange with no partner returned");
    } catch (TimeoutException expected) {
      check(System.nanoTime() - start >= 1_000_000_000L, "the timeout did not move the clock");
    }
    gotInterrupted = false;
    Thread interrupted =
        new Thread(
            () -> {
              try {
                exchanger.exchange("interrupted");
              } catch (InterruptedException e) {
                gotInterrupted = true;
              }
            });
    interrupted.start();
    interrupted.interrupt();
    interrupted.join();
    check(gotInterrupted, "an exchange with no partner ended without an interrupt");
    Thread partner =
        new Thread(
            () -> {
              try {
                received = exchanger.exchange("partner");
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    partner.start();
    String mine = exchanger.exchange("main");
    partner.join();
    check(mine.equals("partner") && received.equals("main"), mine + " / " + received);
  }
}
