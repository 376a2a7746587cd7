package dev.weft.examples.juc;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Correct twin of {@link MapCheckThenAct}: {@code putIfAbsent} checks and inserts in one atomic
 * step, and only the thread whose insert took effect counts an account.
 */
public final class MapCheckThenActFixed {
  private final ConcurrentHashMap<String, String> users = new ConcurrentHashMap<>();
  private final AtomicInteger created = new AtomicInteger();

  private MapCheckThenActFixed() {}

  String register(String id, String name) {
    if (users.putIfAbsent(id, name) == null) {
      created.incrementAndGet();
    }
    return users.get(id);
  }

  public static void main(String[] args) throws InterruptedException {
    MapCheckThenActFixed registry = new MapCheckThenActFixed();
    Thread a = new Thread(() -> registry.register("ada", "Ada"), "web-1");
    Thread b = new Thread(() -> registry.register("ada", "Ada L."), "web-2");
    a.start();
    b.start();
    a.join();
    b.join();
    if (registry.created.get() != 1) {
      throw new AssertionError("created " + registry.created.get() + " accounts for one user");
    }
  }
}
