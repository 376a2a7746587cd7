package dev.weft.targets.statics;

/**
 * A static set by reflection before anything else of its class ran: on classes rewritten to be
 * initialised once per run, the first direct read initialises the class and resets the flag, so the
 * run fails there and only there. A rewrite difference, which the replay on plain classes must
 * refute.
 */
public final class ReflectiveConfig {
  private ReflectiveConfig() {}

  static final class Config {
    static boolean verbose;
  }

  public static void configureByReflection() throws Exception {
    Config.class.getDeclaredField("verbose").setBoolean(null, true);
    if (!Config.verbose) {
      throw new IllegalStateException("the flag set by reflection was lost");
    }
  }
}
