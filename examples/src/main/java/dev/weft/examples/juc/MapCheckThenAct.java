package dev.weft.examples.juc;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Check-then-act on a {@link ConcurrentHashMap}: each call is thread-safe, the pair is not.
 *
 * <p>Two threads register the same user: {@code if (!users.containsKey(id)) users.put(id, ...)} and
 * count the accounts they created. Failing interleaving: both threads find the id absent before
 * either puts it, both create an account, and the count is two.
 */
public final class MapCheckThenAct {
  private final ConcurrentHashMap<String, String> users = new ConcurrentHashMap<>();
  private final AtomicInteger created = new AtomicInteger();

  private MapCheckThenAct() {}

  String register(String id, String name) {
    if (!users.containsKey(id)) {
      users.put(id, name);
      created.incrementAndGet();
    }
    return users.get(id);
  }

  public static void main(String[] args) throws InterruptedException {
    MapCheckThenAct registry = new MapCheckThenAct();
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
