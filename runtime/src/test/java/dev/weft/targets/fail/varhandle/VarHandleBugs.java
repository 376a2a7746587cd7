package dev.weft.targets.fail.varhandle;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Method;
import java.nio.ByteOrder;

/**
 * Races through {@code VarHandle}s: each access is atomic on its own, but a read and a later write
 * of the same variable are not, so another thread's update between them is lost.
 */
public class VarHandleBugs {
  /** The variable of the instance-field races. */
  static final class Counter {
    volatile int count;
  }

  static int hits;

  private static final VarHandle COUNT;
  private static final VarHandle HITS;
  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(int[].class);
  private static final VarHandle INTS_IN_BYTES =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      COUNT = lookup.findVarHandle(Counter.class, "count", int.class);
      HITS = lookup.findStaticVarHandle(VarHandleBugs.class, "hits", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Read, then write the incremented value, each with volatile semantics. */
  public static void lostUpdateThroughVolatileAccesses() throws InterruptedException {
    Counter c = new Counter();
    Runnable increment =
        () -> {
          int v = (int) COUNT.getVolatile(c);
          COUNT.setVolatile(c, v + 1);
        };
    joinAll(startAll(increment, increment));
    check(c.count == 2, "lost update: count = " + c.count);
  }

  /** A failed compare-and-set "retried" as a blind write of the stale value plus one. */
  public static void casFailureOverwritesArrayElement() throws InterruptedException {
    int[] slots = new int[3];
    Runnable increment =
        () -> {
          int v = (int) SLOTS.getVolatile(slots, 1);
          if (!SLOTS.compareAndSet(slots, 1, v, v + 1)) {
            SLOTS.setVolatile(slots, 1, v + 1);
          }
        };
    joinAll(startAll(increment, increment));
    check(slots[1] == 2, "lost update: slots[1] = " + slots[1]);
  }

  /** Read-then-write of a static field, with acquire/release semantics. */
  public static void lostUpdateOfStaticField() throws InterruptedException {
    Runnable increment =
        () -> {
          int v = (int) HITS.getAcquire();
          HITS.setRelease(v + 1);
        };
    joinAll(startAll(increment, increment));
    check(hits == 2, "lost update: hits = " + hits);
  }

  /** An int kept in a byte array, read and written through a view. */
  public static void lostUpdateThroughByteArrayView() throws InterruptedException {
    byte[] bytes = new byte[8];
    Runnable increment =
        () -> {
          int v = (int) INTS_IN_BYTES.get(bytes, 4);
          INTS_IN_BYTES.set(bytes, 4, v + 1);
        };
    joinAll(startAll(increment, increment));
    int total = (int) INTS_IN_BYTES.get(bytes, 4);
    check(total == 2, "lost update: int at 4 = " + total);
  }

  /** A handle made by a reflective call Weft does not see: its accesses still conflict. */
  public static void lostUpdateThroughUnseenHandle() throws Exception {
    Method find =
        MethodHandles.Lookup.class.getMethod(
            "findVarHandle", Class.class, String.class, Class.class);
    VarHandle count =
        (VarHandle) find.invoke(MethodHandles.lookup(), Counter.class, "count", int.class);
    Counter c = new Counter();
    Runnable increment =
        () -> {
          int v = (int) count.getOpaque(c);
          count.setOpaque(c, v + 1);
        };
    joinAll(startAll(increment, increment));
    check(c.count == 2, "lost update: count = " + c.count);
  }
}
