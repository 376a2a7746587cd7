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

  private transient SecureRandom jdk;

  private SecureRandom jdk() {
    if (jdk == null) {
      try {
        jdk = SecureRandom.getInstance("DRBG", "SUN");
      } catch (NoSuchAlgorithmException | java.security.NoSuchProviderException e) {
        throw new IllegalStateException("the JDK has no DRBG", e);
      }
    }
    return jdk;
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
