package dev.weft.runtime.juc;

import dev.weft.runtime.control.Blocked;
import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.RunLocal;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import java.util.IdentityHashMap;
import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link Exchanger}. The JDK's exchanger has no non-blocking form to retry, so Weft keeps the slot
 * itself, per run: the first thread to arrive leaves its item there and blocks until a partner
 * takes it; the partner takes the item, leaves its own in the offer and returns at once, and the
 * first thread then returns the partner's item. A waiter that times out or is interrupted withdraws
 * its offer, unless a partner took it first: then, as in the JDK, the exchange stands and the
 * interrupt stays pending.
 */
public final class Exchangers {
  private static final long UNTIMED = -1;

  /** An item offered to an exchanger, waiting for a partner to take it and leave its own. */
  private static final class Offer {
    final Object item;
    Object reply;
    boolean taken;

    Offer(Object item) {
      this.item = item;
    }
  }

  /** Per run: the offer waiting in each exchanger's slot; absent when the slot is empty. */
  private static final RunLocal<IdentityHashMap<Exchanger<?>, Offer>> SLOTS =
      new RunLocal<>(IdentityHashMap::new);

  private Exchangers() {}

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
    Scheduler s = t.scheduler();
    long location = s.objectLocation(exchanger, Locations.CONTENTS_MEMBER, site);
    s.point(t, EventKind.UPDATE, location, site, null, 0);
    IdentityHashMap<Exchanger<?>, Offer> slots = SLOTS.of(s);
    Offer waiting = slots.remove(exchanger);
    if (waiting != null) {
      waiting.reply = item;
      waiting.taken = true;
      s.changed();
      return waiting.item;
    }
    Offer mine = new Offer(item);
    slots.put(exchanger, mine);
    Blocked b =
        s.block(t, EventKind.READ, location, site, exchanger, timeoutNanos, true, () -> mine.taken);
    if (mine.taken) {
      if (b == Blocked.INTERRUPTED) {
        t.setInterrupted(true); // block() consumed it, but the exchange happened first
      }
      return mine.reply;
    }
    slots.remove(exchanger);
    b.throwIfInterrupted();
    throw new TimeoutException();
  }
}
