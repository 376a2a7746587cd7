package dev.weft.runtime.control;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thread's two {@code ThreadLocal} maps, which a {@link Carrier} hands from one logical thread to
 * the next: cleared for every logical thread, and the inheritable one taken from the target's
 * {@link Thread} object, which copied its creator's values when it was constructed, exactly as the
 * JVM's own inheritance does. Without this, a reused carrier would show one logical thread the
 * values another had set. The fields are closed to Weft; the launcher agent's {@link
 * Instrumentation} opens {@code java.lang} to Weft's own module (not to the target's), and without
 * an agent carriers are simply not reused.
 */
final class ThreadLocalMaps {
  private static final Logger LOG = LoggerFactory.getLogger(ThreadLocalMaps.class);

  private static volatile VarHandle locals;
  private static volatile VarHandle inheritable;
  private static boolean tried;

  private ThreadLocalMaps() {}

  /** Opens the fields with {@code instrumentation} (null: not available); returns whether open. */
  static synchronized boolean open(Instrumentation instrumentation) {
    if (tried) {
      return locals != null;
    }
    tried = true;
    try {
      Module weft = ThreadLocalMaps.class.getModule();
      Module base = Thread.class.getModule();
      if (!base.isOpen("java.lang", weft)) {
        if (instrumentation == null) {
          throw new IllegalStateException("no instrumentation agent in this JVM");
        }
        instrumentation.redefineModule(
            base, Set.of(), Map.of(), Map.of("java.lang", Set.of(weft)), Set.of(), Map.of());
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
