package dev.weft.runtime.hooks;

import dev.weft.runtime.time.Identities;

/**
 * Identity hash codes, {@code Object.toString} and thread ids seen by target code ({@link
 * Identities}). Part of the ABI that instrumented code calls: forwarding only, so the hook table
 * stays a plain list of entry points and the behaviour lives in the models.
 */
public final class IdentityHooks {
  private IdentityHooks() {}

  public static int identityHashCode(Object o) {
    return Identities.identityHashCode(o);
  }

  public static int hashCode(Object o) {
    return Identities.hashCode(o);
  }

  public static String toString(Object o) {
    return Identities.toString(o);
  }

  public static long threadId(Thread t) {
    return Identities.threadId(t);
  }
}
