package dev.weft.targets.cli;

import java.math.BigInteger;

/**
 * A thread that computes inside the JDK for minutes, reaching no scheduling point and deaf to
 * interrupts: Weft cannot stop it, and the JVM running it should run nothing more of the target.
 */
public final class StuckInJdkCode {
  public static void main(String[] args) throws InterruptedException {
    Thread t = new Thread(() -> BigInteger.valueOf(3).pow(Integer.MAX_VALUE / 4).bitLength());
    t.setDaemon(true);
    t.start();
    t.join();
  }
}
