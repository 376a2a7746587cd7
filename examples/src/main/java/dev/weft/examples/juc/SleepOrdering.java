package dev.weft.examples.juc;

import java.util.HashMap;
import java.util.Map;

/**
 * Threads ordered by {@link Thread#sleep}: the reader sleeps two seconds on the assumption that the
 * loader has filled the configuration by then.
 *
 * <p>Under a real scheduler the race almost never shows. Failing interleaving: the reader's sleep
 * ends before the loader has run at all; the reader finds no configuration and fails with a
 * NullPointerException. Weft's virtual time makes the sleep cost nothing, and the scheduler may let
 * it end at any point.
 */
public final class SleepOrdering {
  private Map<String, String> config;

  private SleepOrdering() {}

  void load() {
    Map<String, String> loaded = new HashMap<>();
    loaded.put("mode", "fast");
    config = loaded;
  }

  void read() {
    try {
      Thread.sleep(2_000);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
    if (config.get("mode").isEmpty()) {
      throw new AssertionError("empty mode");
    }
  }

  public static void main(String[] args) throws InterruptedException {
    SleepOrdering app = new SleepOrdering();
    Thread reader = new Thread(app::read, "reader");
    Thread loader = new Thread(app::load, "loader");
    reader.start();
    loader.start();
    reader.join();
    loader.join();
  }
}
