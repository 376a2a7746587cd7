package dev.weft.targets.readsfrom;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two writers store their number (1 or 2) into a plain field, a volatile field, an array element,
 * an atomic and a concurrent map; a reader reads each once and fails with what it saw ({@code 0}
 * for a value nobody wrote yet), so that a test can compare what each read returned with the write
 * the trace says it read from.
 */
public final class EveryKindOfRead {
  static int plain;
  static volatile int published;
  static int[] slots;
  static AtomicInteger counter;
  static ConcurrentHashMap<String, Integer> map;

  private EveryKindOfRead() {}

  public static void main(String[] args) throws InterruptedException {
    slots = new int[1];
    counter = new AtomicInteger();
    map = new ConcurrentHashMap<>();
    Thread one = new Thread(() -> write(1), "one");
    Thread two = new Thread(() -> write(2), "two");
    Thread reader = new Thread(EveryKindOfRead::read, "reader");
    one.start();
    two.start();
    reader.start();
    one.join();
    two.join();
    reader.join();
  }

  private static void write(int id) {
    plain = id;
    published = id;
    slots[0] = id;
    counter.set(id);
    map.put("k", id);
  }

  private static void read() {
    int a = plain;
    int b = published;
    int c = slots[0];
    int d = counter.get();
    Integer e = map.get("k");
    throw new IllegalStateException(
        "saw plain="
            + a
            + " published="
            + b
            + " slot="
            + c
            + " counter="
            + d
            + " map="
            + (e == null ? 0 : e));
  }
}
