package dev.weft.runtime.hooks;

import dev.weft.runtime.resources.RunResources;

/**
 * Files, locks, sockets and processes that target code takes, so that each run gives back what it
 * took ({@link RunResources}). Part of the ABI that instrumented code calls: forwarding only.
 */
public final class ResourceHooks {
  private ResourceHooks() {}

  public static void taken(Object resource) {
    RunResources.taken(resource);
  }
}
