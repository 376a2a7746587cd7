package dev.weft.runtime.hooks.juc;

import dev.weft.runtime.juc.Exchangers;
import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code Exchanger} calls from target code ({@link Exchangers}). Part of the ABI that instrumented
 * code calls: forwarding only, so the hook table stays a plain list of entry points and the
 * behaviour lives in the models.
 */
public final class ExchangerHooks {
  private ExchangerHooks() {}

  public static Object exchange(Exchanger<Object> exchanger, Object item, int site)
      throws InterruptedException {
    return Exchangers.exchange(exchanger, item, site);
  }

  public static Object exchangeTimed(
      Exchanger<Object> exchanger, Object item, long timeout, TimeUnit unit, int site)
      throws InterruptedException, TimeoutException {
    return Exchangers.exchangeTimed(exchanger, item, timeout, unit, site);
  }
}
