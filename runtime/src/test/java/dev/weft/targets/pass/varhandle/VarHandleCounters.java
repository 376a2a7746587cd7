package dev.weft.targets.pass.varhandle;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Correct counters through {@code VarHandle}s: compare-and-set loops that re-read after a failure,
 * and atomic adds. Every increment counts in every interleaving; the final check reads the variable
 * plainly, so a test can compare the handle's accesses with a plain access of the same variable.
 */
public class VarHandleCounters {
  /** The variable of the instance-field counters. */
  static final class Counter {
    volatile int count;
  }

  static int total;

  private static final VarHandle COUNT;
  private static final VarHandle UNREFLECTED_COUNT;
  private static final VarHandle TOTAL;
  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(int[].class);

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      COUNT = lookup.findVarHandle(Counter.class, "count", int.class);
      UNREFLECTED_COUNT = lookup.unreflectVarHandle(Counter.class.getDeclaredField("count"));
      TOTAL = lookup.findStaticVarHandle(VarHandleCounters.class, "total", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static void incrementTwice(VarHandle count, Counter c) {
    for (int i = 0; i < 2; i++) {
      int v;
      do {
        v = (int) count.getVolatile(c);
      } while (!count.compareAndSet(c, v, v + 1));
    }
  }

  private static void countWith(VarHandle count) throws InterruptedException {
    Counter c = new Counter();
    Runnable body = () -> incrementTwice(count, c);
    joinAll(startAll(body, body));
    check(c.count == 4, "count = " + c.count);
  }

  public static void casLoopOnField() throws InterruptedException {
    countWith(COUNT);
  }

  public static void casLoopThroughUnreflectedHandle() throws InterruptedException {
    countWith(UNREFLECTED_COUNT);
  }

  public static void casLoopWithExactBehaviour() throws InterruptedException {
    countWith(COUNT.withInvokeExactBehavior());
  }

  public static void casLoopOnArrayElement() throws InterruptedException {
    int[] slots = new int[3];
    Runnable body =
        () -> {
          for (int i = 0; i < 2; i++) {
            int v;
            do {
              v = (int) SLOTS.getAcquire(slots, 1);
            } while (!SLOTS.weakCompareAndSetRelease(slots, 1, v, v + 1));
          }
        };
    joinAll(startAll(body, body));
    check(slots[1] == 4 && slots[0] == 0 && slots[2] == 0, "slots[1] = " + slots[1]);
  }

  public static void getAndAddOnStatic() throws InterruptedException {
    Runnable body = () -> TOTAL.getAndAdd(1);
    joinAll(startAll(body, body, body));
    check(total == 3, "total = " + total);
  }
}
