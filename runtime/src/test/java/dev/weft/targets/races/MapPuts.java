package dev.weft.targets.races;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Two threads put into one map: without ordering (a race), and ordered by each kind of
 * synchronisation the race oracle must know (no race).
 */
public class MapPuts {
  private static final Object LOCK = new Object();
  private static final ReentrantLock REENTRANT = new ReentrantLock();

  /** Both threads put, nothing orders them. */
  public static void unordered() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    Thread a = new Thread(() -> map.put("a", 1), "putter-a");
    Thread b = new Thread(() -> map.put("b", 2), "putter-b");
    a.start();
    b.start();
    a.join();
    b.join();
  }

  public static void synchronizedBlock() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    Runnable put =
        () -> {
          synchronized (LOCK) {
            map.put(Thread.currentThread().getName(), 1);
          }
        };
    both(put);
    synchronized (LOCK) {
      map.get("a");
    }
  }

  public static void reentrantLock() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    Runnable put =
        () -> {
          REENTRANT.lock();
          try {
            map.put(Thread.currentThread().getName(), 1);
          } finally {
            REENTRANT.unlock();
          }
        };
    both(put);
    map.size(); // after both joins
  }

  public static void concurrentMap() throws InterruptedException {
    Map<String, Integer> map = new ConcurrentHashMap<>();
    both(() -> map.put(Thread.currentThread().getName(), 1));
  }

  /** A map filled by one thread and handed to the other through a queue. */
  public static void queueHandOff() throws InterruptedException {
    BlockingQueue<Map<String, Integer>> queue = new LinkedBlockingQueue<>();
    Thread producer =
        new Thread(
            () -> {
              Map<String, Integer> map = new HashMap<>();
              map.put("made", 1);
              try {
                queue.put(map);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    Thread consumer =
        new Thread(
            () -> {
              try {
                queue.take().put("used", 2);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    producer.start();
    consumer.start();
    producer.join();
    consumer.join();
  }

  /** One thread writes, then counts down; the other awaits, then writes. */
  public static void latchHandOff() throws InterruptedException {
    Map<String, Integer> map = new HashMap<>();
    CountDownLatch written = new CountDownLatch(1);
    Thread writer =
        new Thread(
            () -> {
              map.put("first", 1);
              written.countDown();
            });
    Thread second =
        new Thread(
            () -> {
              try {
                written.await();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
              map.put("second", 2);
            });
    writer.start();
    second.start();
    writer.join();
    second.join();
  }

  /** A pool task fills the map; main reads it after the future's {@code get}. */
  public static void futureHandOff() throws Exception {
    Map<String, Integer> map = new HashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    Future<?> done = pool.submit(() -> map.put("task", 1));
    done.get();
    map.put("main", 2);
    pool.shutdown();
  }

  private static void both(Runnable put) throws InterruptedException {
    Thread a = new Thread(put, "a");
    Thread b = new Thread(put, "b");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
