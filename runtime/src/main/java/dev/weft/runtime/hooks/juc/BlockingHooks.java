package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.BlockingCalls;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Blocking queue and future calls from target code ({@link BlockingCalls}). Part of the ABI that
 * instrumented code calls: forwarding only, so the hook table stays a plain list of entry points
 * and the behaviour lives in the models.
 */
public final class BlockingHooks {
  private BlockingHooks() {}

  public static Object take(BlockingQueue<Object> q, int site) throws InterruptedException {
    return BlockingCalls.take(q, site);
  }

  public static Object pollTimed(BlockingQueue<Object> q, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return BlockingCalls.pollTimed(q, time, unit, site);
  }

  public static Object takeFirst(BlockingDeque<Object> q, int site) throws InterruptedException {
    return BlockingCalls.takeFirst(q, site);
  }

  public static Object takeLast(BlockingDeque<Object> q, int site) throws InterruptedException {
    return BlockingCalls.takeLast(q, site);
  }

  public static void put(BlockingQueue<Object> q, Object e, int site) throws InterruptedException {
    BlockingCalls.put(q, e, site);
  }

  public static boolean offerTimed(
      BlockingQueue<Object> q, Object e, long time, TimeUnit unit, int site)
      throws InterruptedException {
    return BlockingCalls.offerTimed(q, e, time, unit, site);
  }

  public static void putFirst(BlockingDeque<Object> q, Object e, int site)
      throws InterruptedException {
    BlockingCalls.putFirst(q, e, site);
  }

  public static void putLast(BlockingDeque<Object> q, Object e, int site)
      throws InterruptedException {
    BlockingCalls.putLast(q, e, site);
  }

  public static Object get(Future<Object> f, int site)
      throws InterruptedException, ExecutionException {
    return BlockingCalls.get(f, site);
  }

  public static Object getTimed(Future<Object> f, long time, TimeUnit unit, int site)
      throws InterruptedException, ExecutionException, TimeoutException {
    return BlockingCalls.getTimed(f, time, unit, site);
  }

  public static Object join(CompletableFuture<Object> f, int site) {
    return BlockingCalls.join(f, site);
  }
}
