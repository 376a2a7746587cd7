package dev.weft.targets.fail.jdkmonitors;

import java.util.Hashtable;
import java.util.Map;

/**
 * A lock-order deadlock through a JDK monitor: {@code computeIfAbsent} holds the table's monitor
 * while its function takes {@code LOCK}; the other thread holds {@code LOCK} and calls {@code put},
 * which needs the table's monitor.
 */
public class HashtableCallbackDeadlock {
  static final Object LOCK = new Object();
  static int computed;

  public static void main(String[] args) throws InterruptedException {
    Map<String, Integer> table = new Hashtable<>();
    Thread writer =
        new Thread(
            () -> {
              synchronized (LOCK) {
                table.put("w", 1);
              }
            },
            "writer");
    Thread computer =
        new Thread(
            () ->
                table.computeIfAbsent(
                    "c",
                    k -> {
                      synchronized (LOCK) {
                        return ++computed;
                      }
                    }),
            "computer");
    writer.start();
    computer.start();
    writer.join();
    computer.join();
  }
}
