package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.runtime.races.RaceCalls;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The blocking calls of JDK queues and futures: {@code take}/{@code put} and their timed forms,
 * {@code Future.get} and {@code CompletableFuture.join}. Each is modelled by its non-blocking form
 * ({@code poll}, {@code offer}, {@code isDone}), retried when modelled state has changed, so a
 * consumer waiting on an empty queue is simply not enabled.
 */
public final class BlockingCalls {

  private static final long UNTIMED = -1;

  private BlockingCalls() {}

  private static long contents(ControlledThread t, Object obj, int site) {
    return t.scheduler().objectLocation(obj, Locations.CONTENTS_MEMBER, site);
  }

  // ---------------------------------------------------------------------------------- queues

  public static Object take(BlockingQueue<Object> q, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "take");
    if (t == null) {
      return q.take();
    }
    return pollModel(t, q, UNTIMED, site, q::poll);
  }

  public static Object pollTimed(BlockingQueue<Object> q, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "poll", long.class, TimeUnit.class);
    if (t == null) {
      return q.poll(time, unit);
    }
    return pollModel(t, q, Math.max(0, unit.toNanos(time)), site, q::poll);
  }

  public static Object takeFirst(BlockingDeque<Object> q, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "takeFirst");
    if (t == null) {
      return q.takeFirst();
    }
    return pollModel(t, q, UNTIMED, site, q::pollFirst);
  }

  public static Object takeLast(BlockingDeque<Object> q, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "takeLast");
    if (t == null) {
      return q.takeLast();
    }
    return pollModel(t, q, UNTIMED, site, q::pollLast);
  }

  private static Object pollModel(
      ControlledThread t,
      Object q,
      long timeoutNanos,
      int site,
      java.util.function.Supplier<Object> poll)
      throws InterruptedException {
    Scheduler s = t.scheduler();
    Object[] taken = new Object[1];
    Blocked b =
        s.block(
            t,
            EventKind.UPDATE,
            contents(t, q, site),
            site,
            q,
            timeoutNanos,
            true,
            () -> (taken[0] = poll.get()) != null);
    b.throwIfInterrupted();
    if (b == Blocked.DONE) {
      s.changed();
    }
    return taken[0];
  }

  public static void put(BlockingQueue<Object> q, Object e, int site) throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "put", Object.class);
    if (t == null) {
      q.put(e);
      return;
    }
    offerModel(t, q, e, UNTIMED, site, q::offer);
  }

  public static boolean offerTimed(
      BlockingQueue<Object> q, Object e, long time, TimeUnit unit, int site)
      throws InterruptedException {
    ControlledThread t =
        JdkCode.controlledCaller(q, "offer", Object.class, long.class, TimeUnit.class);
    if (t == null) {
      return q.offer(e, time, unit);
    }
    return offerModel(t, q, e, Math.max(0, unit.toNanos(time)), site, q::offer);
  }

  public static void putFirst(BlockingDeque<Object> q, Object e, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "putFirst", Object.class);
    if (t == null) {
      q.putFirst(e);
      return;
    }
    offerModel(t, q, e, UNTIMED, site, q::offerFirst);
  }

  public static void putLast(BlockingDeque<Object> q, Object e, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(q, "putLast", Object.class);
    if (t == null) {
      q.putLast(e);
      return;
    }
    offerModel(t, q, e, UNTIMED, site, q::offerLast);
  }

  private static boolean offerModel(
      ControlledThread t,
      Object q,
      Object e,
      long timeoutNanos,
      int site,
      java.util.function.Predicate<Object> offer)
      throws InterruptedException {
    if (e == null) {
      throw new NullPointerException();
    }
    Scheduler s = t.scheduler();
    Blocked b =
        s.block(
            t,
            EventKind.UPDATE,
            contents(t, q, site),
            site,
            q,
            timeoutNanos,
            true,
            () -> offer.test(e));
    b.throwIfInterrupted();
    if (b == Blocked.DONE) {
      s.changed();
      return true;
    }
    return false;
  }

  // --------------------------------------------------------------------------------- futures

  public static Object get(Future<Object> f, int site)
      throws InterruptedException, ExecutionException {
    ControlledThread t = JdkCode.controlledCaller(f, "get");
    if (t == null) {
      return f.get();
    }
    awaitDone(t, f, UNTIMED, true, site);
    return f.get();
  }

  public static Object getTimed(Future<Object> f, long time, TimeUnit unit, int site)
      throws InterruptedException, ExecutionException, TimeoutException {
    ControlledThread t = JdkCode.controlledCaller(f, "get", long.class, TimeUnit.class);
    if (t == null) {
      return f.get(time, unit);
    }
    if (awaitDone(t, f, Math.max(0, unit.toNanos(time)), true, site) == Blocked.TIMED_OUT) {
      throw new TimeoutException();
    }
    return f.get();
  }

  public static Object join(CompletableFuture<Object> f, int site) {
    ControlledThread t = JdkCode.controlledCaller(f, "join");
    if (t == null) {
      return f.join();
    }
    try {
      awaitDone(t, f, UNTIMED, false, site);
    } catch (InterruptedException impossible) {
      throw new AssertionError(impossible);
    }
    return f.join();
  }

  private static Blocked awaitDone(
      ControlledThread t, Future<?> f, long timeoutNanos, boolean interruptible, int site)
      throws InterruptedException {
    Scheduler s = t.scheduler();
    long location = contents(t, f, site);
    RaceCalls.futureRead(t, Locations.objectNumber(location));
    Blocked b =
        s.block(t, EventKind.READ, location, site, f, timeoutNanos, interruptible, f::isDone);
    b.throwIfInterrupted();
    return b;
  }
}
