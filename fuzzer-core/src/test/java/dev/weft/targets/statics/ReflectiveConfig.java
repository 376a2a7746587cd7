package dev.weft.targets.statics;

import java.lang.invoke.MethodHandles;

/**
 * A static set through a method handle before anything else of its class ran: on classes rewritten
 * to be initialised once per run, the first direct read initialises the class and resets the flag,
 * so the run fails there and only there. A difference the rewrite makes (it does not see method
 * handles), which the replay on plain classes must refute.
 */
public final class ReflectiveConfig {
  private ReflectiveConfig() {}

  static final class Config {
    static boolean verbose;
  }

  public static void configureThroughAHandle() throws Throwable {
    MethodHandles.lookup().findStaticSetter(Config.class, "verbose", boolean.class).invoke(true);
    if (!Config.verbose) {
      throw new IllegalStateException("the flag set through a method handle was lost");
    }
  }
}
