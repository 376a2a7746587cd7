package dev.weft.examples.juc;

import java.util.HashMap;
import java.util.Map;

/**
 * Correct twin of {@link SleepOrdering}: the reader still sleeps two seconds, but then joins the
 * loader before it reads, so the order no longer depends on timing.
 */
public final class SleepOrderingFixed {
  private Map<String, String> config;

  private SleepOrderingFixed() {}

  void load() {
    Map<String, String> loaded = new HashMap<>();
    loaded.put("mode", "fast");
    config = loaded;
  }

  void read(Thread loader) {
    try {
      Thread.sleep(2_000);
      loader.join();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
    if (config.get("mode").isEmpty()) {
      throw new AssertionError("empty mode");
    }
  }

  public static void main(String[] args) throws InterruptedException {
    SleepOrderingFixed app = new SleepOrderingFixed();
    Thread loader = new Thread(app::load, "loader");
    Thread reader = new Thread(() -> app.read(loader), "reader");
    loader.start(); // before the reader: joining a thread that has not started returns at once
    reader.start();
    reader.join();
  }
}
