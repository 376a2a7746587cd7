package dev.weft.targets.jdk;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Buggy on the concurrent maps: asserts more than {@code containsValue} promises. The mover puts
 * the token under its new key before it removes the old one, so at every moment some key holds it;
 * but {@code containsValue} walks the map while it changes (its result "reflects the state at some
 * point at or since" the walk began, bin by bin), and can pass the new key's place before the token
 * arrives and the old one's after it left. Argument {@code skiplist}: a {@code
 * ConcurrentSkipListMap}; {@code locked}: a synchronized map, whose walk sees one moment of it and
 * is correct.
 */
public final class TokenSearch {
  private static final String TOKEN = "token";

  public static void main(String[] args) throws InterruptedException {
    String kind = args.length > 0 ? args[0] : "hash";
    Map<String, String> map =
        switch (kind) {
          case "hash" -> new ConcurrentHashMap<>();
          case "skiplist" -> new ConcurrentSkipListMap<>();
          case "locked" -> Collections.synchronizedMap(new HashMap<>());
          default -> throw new IllegalArgumentException("hash, skiplist or locked: " + kind);
        };
    map.put("left", TOKEN);
    Thread mover =
        new Thread(
            () -> {
              move(map, "left", "right");
              move(map, "right", "left");
            });
    mover.start();
    boolean found = map.containsValue(TOKEN);
    mover.join();
    if (!found) {
      throw new AssertionError("containsValue missed the token though a key held it throughout");
    }
  }

  private static void move(Map<String, String> map, String from, String to) {
    map.put(to, TOKEN);
    map.remove(from);
  }
}
