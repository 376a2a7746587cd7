package dev.weft.runtime.hooks;

import dev.weft.runtime.net.Sockets;
import dev.weft.runtime.resources.RunResources;

/**
 * Files, locks, sockets and processes that target code takes, so that each run gives back what it
 * took ({@link RunResources}), and the run's sockets are known to its network ({@link Sockets}).
 * Part of the ABI that instrumented code calls: forwarding only.
 */
public final class ResourceHooks {
  private ResourceHooks() {}

  public static void taken(Object resource) {
    RunResources.taken(resource);
    Sockets.opened(resource);
  }
}
