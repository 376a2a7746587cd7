package dev.weft.targets.pass.spin;

/**
 * Spin-waits: a bare spin on a volatile read and a {@code yield} loop hand over to each other
 * without starving the thread they wait for.
 */
public final class Spins {
  private Spins() {}

  static volatile int stage;

  public static void spinsHandOffBothWays() throws InterruptedException {
    stage = 0;
    Thread other =
        new Thread(
            () -> {
              while (stage != 1) {
                // bare spin on a volatile read
              }
              stage = 2;
            });
    other.start();
    stage = 1;
    while (stage != 2) {
      Thread.yield();
    }
    other.join();
  }
}
