package dev.weft.targets.pass.unsafe;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * Correct counters through {@code sun.misc.Unsafe}: compare-and-swap loops that re-read after a
 * failure, and atomic adds. Every increment counts in every interleaving; the final check reads the
 * variable plainly, so a test can compare the unsafe accesses with a plain access of the variable.
 */
public class UnsafeCounters {
  /** The variable of the instance-field counter. */
  static final class Counter {
    volatile int count;
  }

  static volatile long total;

  private static final Unsafe U;
  private static final long COUNT;
  private static final Object TOTAL_BASE;
  private static final long TOTAL;

  static {
    try {
      Field theUnsafe = Unsafe.class.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      U = (Unsafe) theUnsafe.get(null);
      COUNT = U.objectFieldOffset(Counter.class.getDeclaredField("count"));
      Field total = UnsafeCounters.class.getDeclaredField("total");
      TOTAL_BASE = U.staticFieldBase(total);
      TOTAL = U.staticFieldOffset(total);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  public static void casLoopOnField() throws InterruptedException {
    Counter c = new Counter();
    Runnable body =
        () -> {
          for (int i = 0; i < 2; i++) {
            int v;
            do {
              v = U.getIntVolatile(c, COUNT);
            } while (!U.compareAndSwapInt(c, COUNT, v, v + 1));
          }
        };
    joinAll(startAll(body, body));
    check(c.count == 4, "count = " + c.count);
  }

  public static void getAndAddOnArrayElement() throws InterruptedException {
    long[] slots = new long[3];
    long offset = Unsafe.ARRAY_LONG_BASE_OFFSET + Unsafe.ARRAY_LONG_INDEX_SCALE;
    Runnable body = () -> U.getAndAddLong(slots, offset, 1);
    joinAll(startAll(body, body, body));
    check(slots[1] == 3 && slots[0] == 0 && slots[2] == 0, "slots[1] = " + slots[1]);
  }

  public static void getAndAddOnStatic() throws InterruptedException {
    Runnable body = () -> U.getAndAddLong(TOTAL_BASE, TOTAL, 1);
    joinAll(startAll(body, body, body));
    check(total == 3, "total = " + total);
  }
}
