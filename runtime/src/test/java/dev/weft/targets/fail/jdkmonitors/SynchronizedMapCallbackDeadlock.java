package dev.weft.targets.fail.jdkmonitors;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The same lock-order deadlock through the mutex of a {@code Collections.synchronizedMap}: its
 * {@code merge} holds the mutex while the remapping function takes {@code LOCK}.
 */
public class SynchronizedMapCallbackDeadlock {
  static final Object LOCK = new Object();

  public static void main(String[] args) throws InterruptedException {
    Map<String, Integer> map = Collections.synchronizedMap(new HashMap<>());
    map.put("k", 1);
    Thread writer =
        new Thread(
            () -> {
              synchronized (LOCK) {
                map.remove("other");
              }
            },
            "writer");
    Thread merger =
        new Thread(
            () ->
                map.merge(
                    "k",
                    1,
                    (a, b) -> {
                      synchronized (LOCK) {
                        return a + b;
                      }
                    }),
            "merger");
    writer.start();
    merger.start();
    writer.join();
    merger.join();
  }
}
