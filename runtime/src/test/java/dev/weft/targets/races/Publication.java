package dev.weft.targets.races;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** Maps made safe (or not) by start/join, static initialisation and read/write locks. */
public class Publication {
  static final Map<String, Integer> REGISTRY = new HashMap<>();

  static {
    REGISTRY.put("one", 1);
    REGISTRY.put("two", 2);
  }

  /** Main fills, a child writes, main reads after joining it. */
  public static void startAndJoin() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    map.put("main", 1);
    Thread child = new Thread(() -> map.put("child", 2));
    child.start();
    child.join();
    map.remove("main");
  }

  /** Two threads read a map a static initialiser filled. */
  public static void staticRegistry() throws InterruptedException {
    Thread a = new Thread(() -> REGISTRY.get("one"));
    Thread b = new Thread(() -> REGISTRY.get("two"));
    a.start();
    b.start();
    a.join();
    b.join();
  }

  /** Readers under the read lock, a writer under the write lock. */
  public static void readWriteLock() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    ReadWriteLock lock = new ReentrantReadWriteLock();
    Runnable reader =
        () -> {
          lock.readLock().lock();
          try {
            map.get("k");
          } finally {
            lock.readLock().unlock();
          }
        };
    Runnable writer =
        () -> {
          lock.writeLock().lock();
          try {
            map.put("k", 1);
          } finally {
            lock.writeLock().unlock();
          }
        };
    Thread r1 = new Thread(reader);
    Thread w = new Thread(writer);
    Thread r2 = new Thread(reader);
    r1.start();
    w.start();
    r2.start();
    r1.join();
    w.join();
    r2.join();
  }

  /** An LRU cache of its own: it extends {@code LinkedHashMap} and reads through {@code super}. */
  static final class Lru<K, V> extends LinkedHashMap<K, V> {
    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    Lru() {
      super(16, 0.75f, true);
    }

    @Override
    public V get(Object key) {
      lock.readLock().lock();
      try {
        return super.get(key);
      } finally {
        lock.readLock().unlock();
      }
    }
  }

  /** Two threads read a subclass of {@code LinkedHashMap} in access order: they race inside it. */
  public static void lruSubclass() throws InterruptedException {
    Lru<String, Integer> lru = new Lru<>();
    lru.put("a", 1);
    Thread r1 = new Thread(() -> lru.get("a"));
    Thread r2 = new Thread(() -> lru.get("a"));
    r1.start();
    r2.start();
    r1.join();
    r2.join();
  }

  /**
   * An LRU cache (a {@code LinkedHashMap} in access order) read by two threads under a read lock:
   * each {@code get} reorders the map, so the readers race.
   */
  public static void lruUnderReadLock() throws InterruptedException {
    Map<String, Integer> lru = new LinkedHashMap<>(16, 0.75f, true);
    lru.put("a", 1);
    lru.put("b", 2);
    ReadWriteLock lock = new ReentrantReadWriteLock();
    Runnable reader =
        () -> {
          lock.readLock().lock();
          try {
            lru.get("a");
          } finally {
            lock.readLock().unlock();
          }
        };
    Thread r1 = new Thread(reader);
    Thread r2 = new Thread(reader);
    r1.start();
    r2.start();
    r1.join();
    r2.join();
  }
}
