package dev.weft.runtime.carrier;

import dev.weft.runtime.logging.WeftLoggers;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.slf4j.Logger;

/**
 * A thread's two {@code ThreadLocal} maps, which a {@link Carrier} hands from one logical thread to
 * the next: cleared for every logical thread, and the inheritable one taken from the target's
 * {@link Thread} object, which copied its creator's values when it was constructed, exactly as the
 * JVM's own inheritance does. Without this, a reused carrier would show one logical thread the
 * values another had set. The fields are closed to Weft; {@link OpenPackages} opens {@code
 * java.lang} to Weft's own module, and without an agent carriers are simply not reused.
 */
final class ThreadLocalMaps {
  private static final Logger LOG = WeftLoggers.get(ThreadLocalMaps.class);

  private static volatile VarHandle locals;
  private static volatile VarHandle inheritable;
  private static boolean tried;

  private ThreadLocalMaps() {}

  /** Opens the fields ({@link OpenPackages}); returns whether they can be used. */
  static synchronized boolean open() {
    if (tried) {
      return locals != null;
    }
    tried = true;
    try {
      if (!OpenPackages.openToWeft(Thread.class)) {
        throw new IllegalStateException("java.lang is not open to Weft (no instrumentation agent)");
      }
      MethodHandles.Lookup lookup =
          MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup());
      Class<?> map = Class.forName("java.lang.ThreadLocal$ThreadLocalMap");
      VarHandle l = lookup.findVarHandle(Thread.class, "threadLocals", map);
      VarHandle i = lookup.findVarHandle(Thread.class, "inheritableThreadLocals", map);
      inheritable = i;
      locals = l;
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.info("carrier threads are not reused (thread-local maps unreachable): {}", e.toString());
      return false;
    }
  }

  static boolean available() {
    return locals != null;
  }

  /** The inheritable map {@code thread} was given when it was constructed, or null. */
  static Object inheritableOf(Thread thread) {
    return inheritable.get(thread);
  }

  /** Gives {@code carrier} empty own values and {@code inherited} as its inheritable ones. */
  static void replace(Thread carrier, Object inherited) {
    locals.set(carrier, (Object) null);
    inheritable.set(carrier, inherited);
  }
}
