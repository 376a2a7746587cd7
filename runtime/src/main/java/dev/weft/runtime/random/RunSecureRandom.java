package dev.weft.runtime.random;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.SecureRandomSpi;

/**
 * The engine behind every {@code SecureRandom} algorithm {@link RunRandomProvider} offers: a run's
 * thread draws from the run's stream ({@link RunRandomness}); any other thread from the JDK's own
 * generator. Seeds given to it do not change a run's values.
 */
public final class RunSecureRandom extends SecureRandomSpi {
  private static final long serialVersionUID = 1L;

  /**
   * The JDK's own generator, one for the process: made once, since a program outside runs (a
   * cluster's members draw an id per message) may make a SecureRandom for every draw, and seeding a
   * fresh generator each time is slow.
   */
  private static final class Jdk {
    static final SecureRandom GENERATOR = make();

    private static SecureRandom make() {
      for (String algorithm : new String[] {"NativePRNGNonBlocking", "DRBG"}) {
        try {
          return SecureRandom.getInstance(algorithm, "SUN");
        } catch (NoSuchAlgorithmException | java.security.NoSuchProviderException e) {
          // not on this platform: the next
        }
      }
      throw new IllegalStateException("the JDK's SUN provider has no SecureRandom");
    }
  }

  private static SecureRandom jdk() {
    return Jdk.GENERATOR;
  }

  @Override
  protected void engineSetSeed(byte[] seed) {
    jdk().setSeed(seed);
  }

  @Override
  protected void engineNextBytes(byte[] bytes) {
    if (!RunRandomness.nextBytes(bytes)) {
      jdk().nextBytes(bytes);
    }
  }

  @Override
  protected byte[] engineGenerateSeed(int numBytes) {
    byte[] seed = new byte[numBytes];
    if (!RunRandomness.nextBytes(seed)) {
      return jdk().generateSeed(numBytes);
    }
    return seed;
  }
}
