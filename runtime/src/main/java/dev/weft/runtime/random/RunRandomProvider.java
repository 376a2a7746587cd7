package dev.weft.runtime.random;

import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Map;

/**
 * A security provider, first in the JVM's list while Weft runs a target, that offers the {@code
 * SecureRandom} algorithms programs ask for ({@code new SecureRandom()}'s default, {@code
 * NativePRNG}, {@code DRBG}, {@code SHA1PRNG}) through {@link RunSecureRandom}, so that a run's
 * secure randomness repeats when the run is replayed. {@code SecureRandom.getInstanceStrong()} and
 * a generator asked of a named provider keep the JDK's.
 */
public final class RunRandomProvider extends Provider {
  private static final long serialVersionUID = 1L;
  private static final List<String> ALGORITHMS =
      List.of("NativePRNG", "DRBG", "SHA1PRNG", "NativePRNGNonBlocking");

  private static boolean installed;

  private RunRandomProvider() {
    super("WeftRunRandom", "1.0", "Weft: a run's SecureRandom draws repeat when it is replayed");
    for (String algorithm : ALGORITHMS) {
      putService(
          new Service(
              this,
              "SecureRandom",
              algorithm,
              RunSecureRandom.class.getName(),
              List.of(),
              Map.of("ThreadSafe", "true")));
    }
  }

  /** Puts the provider first, once per process. */
  public static synchronized void install() {
    if (!installed && !Boolean.getBoolean("weft.jdkRandomness")) {
      Security.insertProviderAt(new RunRandomProvider(), 1);
      installed = true;
    }
  }
}
