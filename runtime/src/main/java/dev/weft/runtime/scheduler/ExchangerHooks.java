package dev.weft.runtime.scheduler;

import dev.weft.runtime.trace.EventKind;
import java.util.IdentityHashMap;
import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Hooks for {@link Exchanger}. The JDK's exchanger has no non-blocking form to retry, so Weft keeps
 * the slot itself ({@link SyncModel#exchangerSlots}): the first thread to arrive leaves its item
 * there and blocks until a partner takes it; the partner takes the item, leaves its own in the
 * offer and returns at once, and the first thread then returns the partner's item. A waiter that
 * times out or is interrupted withdraws its offer, unless a partner took it first: then, as in the
 * JDK, the exchange stands and the interrupt stays pending.
 */
public final class ExchangerHooks {
  private static final long UNTIMED = -1;

  private ExchangerHooks() {}

  public static Object exchange(Exchanger<Object> exchanger, Object item, int site)
      throws InterruptedException {
    ControlledThread t = JdkCode.controlledCaller(exchanger, "exchange", Object.class);
    if (t == null) {
      return exchanger.exchange(item);
    }
    try {
      return exchangeModel(t, exchanger, item, UNTIMED, site);
    } catch (TimeoutException impossible) {
      throw new AssertionError(impossible);
    }
  }

  public static Object exchangeTimed(
      Exchanger<Object> exchanger, Object item, long timeout, TimeUnit unit, int site)
      throws InterruptedException, TimeoutException {
    ControlledThread t =
        JdkCode.controlledCaller(exchanger, "exchange", Object.class, long.class, TimeUnit.class);
    if (t == null) {
      return exchanger.exchange(item, timeout, unit);
    }
    return exchangeModel(t, exchanger, item, Math.max(0, unit.toNanos(timeout)), site);
  }

  private static Object exchangeModel(
      ControlledThread t, Exchanger<Object> exchanger, Object item, long timeoutNanos, int site)
      throws InterruptedException, TimeoutException {
    Scheduler s = t.scheduler;
    long location = s.objectLocation(exchanger, JdkCalls.CONTENTS_MEMBER, site);
    s.point(t, EventKind.UPDATE, location, site, null, 0);
    IdentityHashMap<Exchanger<?>, SyncModel.Offer> slots = s.sync().exchangerSlots;
    SyncModel.Offer waiting = slots.remove(exchanger);
    if (waiting != null) {
      waiting.reply = item;
      waiting.taken = true;
      s.changed();
      return waiting.item;
    }
    SyncModel.Offer mine = new SyncModel.Offer(item);
    slots.put(exchanger, mine);
    Scheduler.Blocked b =
        s.block(t, EventKind.READ, location, site, exchanger, timeoutNanos, true, () -> mine.taken);
    if (mine.taken) {
      if (b == Scheduler.Blocked.INTERRUPTED) {
        t.interrupted = true; // block() consumed it, but the exchange happened first
      }
      return mine.reply;
    }
    slots.remove(exchanger);
    b.throwIfInterrupted();
    throw new TimeoutException();
  }
}
