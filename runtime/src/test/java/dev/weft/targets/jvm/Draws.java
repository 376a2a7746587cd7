package dev.weft.targets.jvm;

import java.security.SecureRandom;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** A run that draws random numbers every way the JDK offers, and leaves them for the test. */
public final class Draws {
  private Draws() {}

  /** The system property under which the last run's draws are left. */
  public static final String DRAWN = "weft.test.drawn";

  public static void drawsRandomNumbers() throws Exception {
    StringBuilder drawn = new StringBuilder();
    Thread other =
        new Thread(
            () -> {
              synchronized (drawn) {
                drawn.append(" other ").append(new Random().nextInt());
              }
            });
    other.start();
    String values =
        new Random().nextLong()
            + " "
            + Math.random()
            + " "
            + UUID.randomUUID()
            + " "
            + new SecureRandom().nextLong()
            + " "
            + SecureRandom.getInstance("SHA1PRNG").nextInt()
            + " "
            + ThreadLocalRandom.current().nextInt(1_000_000);
    other.join();
    synchronized (drawn) {
      drawn.insert(0, values);
    }
    System.setProperty(DRAWN, drawn.toString());
  }
}
