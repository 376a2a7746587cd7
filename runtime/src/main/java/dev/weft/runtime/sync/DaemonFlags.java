package dev.weft.runtime.sync;

import dev.weft.runtime.control.ControlledThread;
import java.util.IdentityHashMap;

/**
 * The daemon flag of each target {@link Thread} object of one run, as the JVM would have set it:
 * inherited from the controlled thread that created it, or given by {@code setDaemon}. The real
 * flag cannot say: every carrier is a daemon, so that a stuck target never keeps Weft's JVM alive.
 */
public final class DaemonFlags {
  private final IdentityHashMap<Thread, Boolean> flags = new IdentityHashMap<>();

  /** A target thread object was made by controlled thread {@code creator}: it inherits its flag. */
  public void created(Thread thread, ControlledThread creator) {
    flags.putIfAbsent(thread, creator.isDaemon());
  }

  /** {@code thread.setDaemon(on)} in target code. */
  public void set(Thread thread, boolean on) {
    flags.put(thread, on);
  }

  /** The flag {@code thread} starts with when {@code parent} starts it. */
  public boolean ofStarted(Thread thread, ControlledThread parent) {
    return flags.getOrDefault(thread, parent.isDaemon());
  }

  /**
   * The daemon flag target code sees for {@code thread}, whose controlled thread is {@code
   * controlled} (null if it was never started).
   */
  public boolean of(Thread thread, ControlledThread controlled) {
    Boolean known = flags.get(thread);
    if (known != null) {
      return known;
    }
    return controlled != null ? controlled.isDaemon() : thread.isDaemon();
  }
}
