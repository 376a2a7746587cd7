package dev.weft.targets.pass.phaser;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.util.concurrent.Phaser;

/** {@code Phaser}, flat and tiered: no party leaves a phase before all arrived in it. */
public final class Phasers {
  private Phasers() {}

  static int[] arrivals;

  /**
   * Three parties over three phases, one of them arriving and awaiting separately; {@code
   * onAdvance} terminates the phaser after the third. No party may leave a phase before all three
   * arrived in it.
   */
  public static void phaserKeepsPartiesInStep() throws InterruptedException {
    arrivals = new int[3];
    Object mutex = new Object();
    Phaser phaser =
        new Phaser(3) {
          @Override
          protected boolean onAdvance(int phase, int registeredParties) {
            return phase == 2;
          }
        };
    Runnable together =
        () -> {
          for (int p = 0; p < 3; p++) {
            synchronized (mutex) {
              arrivals[p]++;
            }
            int next = phaser.arriveAndAwaitAdvance();
            synchronized (mutex) {
              check(arrivals[p] == 3, "left phase " + p + " after " + arrivals[p] + " arrivals");
            }
            check(p < 2 ? next == p + 1 : next == 3 || next < 0, "phase " + p + " -> " + next);
          }
        };
    Runnable separately =
        () -> {
          for (int p = 0; p < 3; p++) {
            synchronized (mutex) {
              arrivals[p]++;
            }
            int arrived = phaser.arrive();
            check(arrived == p, "arrived in phase " + arrived + ", expected " + p);
            int next = phaser.awaitAdvance(arrived);
            synchronized (mutex) {
              check(arrivals[p] == 3, "left phase " + p + " after " + arrivals[p] + " arrivals");
            }
            check(p < 2 ? next == p + 1 : next < 0, "awaitAdvance(" + p + ") -> " + next);
          }
        };
    joinAll(startAll(together, separately, together));
    check(phaser.isTerminated(), "onAdvance asked for termination");
  }

  static volatile int lateRegistration;

  /**
   * A two-level tree: two sub-phasers of one party each, and a late party that registers with one
   * of them. Registering with a sub-phaser whose parties have all arrived waits for the root to
   * advance; the registration must then hold the phase it applied to until that party arrives.
   */
  public static void phaserTreeAdvancesTogether() throws InterruptedException {
    arrivals = new int[2];
    Object mutex = new Object();
    Phaser root = new Phaser();
    Phaser left = new Phaser(root, 1);
    Phaser right = new Phaser(root, 1);
    Runnable[] parties = new Runnable[3];
    for (int i = 0; i < 2; i++) {
      Phaser mine = i == 0 ? left : right;
      parties[i] =
          () -> {
            for (int p = 0; p < 2; p++) {
              synchronized (mutex) {
                arrivals[p]++;
              }
              int next = mine.arriveAndAwaitAdvance();
              synchronized (mutex) {
                check(arrivals[p] == 2, "left phase " + p + " after " + arrivals[p] + " arrivals");
              }
              check(next == p + 1, "phase " + p + " -> " + next);
            }
          };
    }
    parties[2] =
        () -> {
          int phase = left.register();
          lateRegistration = phase;
          check(root.getPhase() == phase, "the phase advanced past an unarrived party");
          left.arriveAndDeregister();
        };
    joinAll(startAll(parties));
    check(root.getPhase() == 2, "root phase " + root.getPhase());
    check(lateRegistration >= 0 && lateRegistration <= 2, "registered in " + lateRegistration);
  }
}
