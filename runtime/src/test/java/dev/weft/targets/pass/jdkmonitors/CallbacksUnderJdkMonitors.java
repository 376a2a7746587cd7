package dev.weft.targets.pass.jdkmonitors;

import java.util.Collections;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Vector;

/**
 * The correct twin of the JDK-monitor deadlocks: JDK synchronized methods call back into target
 * code (keys' {@code hashCode}/{@code equals}, compute functions) that reads shared fields, from
 * three threads, with one lock order. Every switch inside those callbacks must keep the other
 * threads out of the JDK monitor, and no run may be skipped or reported.
 */
public class CallbacksUnderJdkMonitors {
  static final Object LOCK = new Object();

  /** A key whose hashCode and equals are target code that reads a shared field. */
  static final class Key {
    static int salt;
    final int id;

    Key(int id) {
      this.id = id;
    }

    @Override
    public int hashCode() {
      return id + salt * 0;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.id == id + salt * 0;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Map<Key, Integer> table = new Hashtable<>();
    Map<Key, Integer> synced = Collections.synchronizedMap(new HashMap<>());
    List<Integer> vector = new Vector<>();
    Runnable work =
        () -> {
          for (int i = 0; i < 2; i++) {
            Key.salt++;
            table.merge(new Key(i), 1, Integer::sum);
            synced.computeIfAbsent(
                new Key(i),
                k -> {
                  synchronized (LOCK) {
                    return k.id;
                  }
                });
            synchronized (LOCK) {
              vector.add(i);
            }
          }
        };
    Thread a = new Thread(work, "a");
    Thread b = new Thread(work, "b");
    a.start();
    b.start();
    work.run();
    a.join();
    b.join();
    if (table.get(new Key(0)) != 3 || vector.size() != 6 || synced.size() != 2) {
      throw new AssertionError(table + " " + vector + " " + synced);
    }
  }
}
