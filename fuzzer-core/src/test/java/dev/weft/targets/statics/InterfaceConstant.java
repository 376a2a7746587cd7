package dev.weft.targets.statics;

import java.util.ArrayList;
import java.util.List;

/**
 * A mutable list held by an interface constant: interfaces keep the JVM's own initialisation, so
 * with classes reused across runs the list keeps what earlier runs added. A run that sees another
 * run's entry fails, or takes another path; on classes of its own it never would.
 */
public final class InterfaceConstant {
  private InterfaceConstant() {}

  interface Registry {
    List<String> NAMES = new ArrayList<>();
  }

  public static void registerOnce() {
    Registry.NAMES.add("mine");
    if (Registry.NAMES.size() != 1) {
      throw new IllegalStateException("registered " + Registry.NAMES.size() + " names");
    }
  }

  static int visits;

  /**
   * The same list, but a run that sees another run's entry only takes a longer path (one more
   * static read and write) and finds nothing.
   */
  public static void registerQuietly() {
    Registry.NAMES.add("mine");
    if (Registry.NAMES.size() > 1) {
      visits++;
    }
  }
}
