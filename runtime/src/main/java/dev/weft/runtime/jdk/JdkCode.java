package dev.weft.runtime.jdk;

import dev.weft.runtime.control.ActiveRun;
import dev.weft.runtime.control.ControlledThread;

/**
 * Tells Weft's models of JDK classes apart from target code: a model applies only where the JDK
 * implements the method. A target class that overrides {@code lock()} is instrumented like any
 * other target code, so its own accesses are already scheduling points and the call goes through to
 * it unchanged.
 */
public final class JdkCode {
  private JdkCode() {}

  /**
   * The calling controlled thread, when Weft's model of {@code name(params)} applies: the JDK
   * implements it for this receiver ({@link JdkClasses#implementsInJdk}). Null means "call the real
   * method".
   */
  public static ControlledThread controlledCaller(
      Object receiver, String name, Class<?>... params) {
    return JdkClasses.implementsInJdk(receiver, name, params) ? ActiveRun.self() : null;
  }
}
