package dev.weft.targets.fail.unsafe;

import static dev.weft.targets.Checks.check;
import static dev.weft.targets.Checks.joinAll;
import static dev.weft.targets.Checks.startAll;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * Races through {@code sun.misc.Unsafe}, as older libraries write their atomics: each access is
 * atomic on its own, but a read and a later write of the same variable are not.
 */
public class UnsafeBugs {
  /** The variable of the instance-field race. */
  static final class Counter {
    volatile int count;
  }

  static volatile long hits;

  private static final Unsafe U;
  private static final long COUNT;
  private static final Object HITS_BASE;
  private static final long HITS;

  static {
    try {
      Field theUnsafe = Unsafe.class.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      U = (Unsafe) theUnsafe.get(null);
      COUNT = U.objectFieldOffset(Counter.class.getDeclaredField("count"));
      Field hits = UnsafeBugs.class.getDeclaredField("hits");
      HITS_BASE = U.staticFieldBase(hits);
      HITS = U.staticFieldOffset(hits);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Read, then write the incremented value, each with volatile semantics. */
  public static void lostUpdateOfInstanceField() throws InterruptedException {
    Counter c = new Counter();
    Runnable increment =
        () -> {
          int v = U.getIntVolatile(c, COUNT);
          U.putIntVolatile(c, COUNT, v + 1);
        };
    joinAll(startAll(increment, increment));
    check(c.count == 2, "lost update: count = " + c.count);
  }

  /** A failed compare-and-swap "retried" as a blind write of the stale value plus one. */
  public static void casFailureOverwritesStaticField() throws InterruptedException {
    Runnable increment =
        () -> {
          long v = U.getLongVolatile(HITS_BASE, HITS);
          if (!U.compareAndSwapLong(HITS_BASE, HITS, v, v + 1)) {
            U.putOrderedLong(HITS_BASE, HITS, v + 1);
          }
        };
    joinAll(startAll(increment, increment));
    check(hits == 2, "lost update: hits = " + hits);
  }

  /** Read-then-write of an array element addressed by its offset. */
  public static void lostUpdateOfArrayElement() throws InterruptedException {
    long[] slots = new long[4];
    long offset = Unsafe.ARRAY_LONG_BASE_OFFSET + 2L * Unsafe.ARRAY_LONG_INDEX_SCALE;
    Runnable increment =
        () -> {
          long v = U.getLongVolatile(slots, offset);
          U.putLongVolatile(slots, offset, v + 1);
        };
    joinAll(startAll(increment, increment));
    check(slots[2] == 2, "lost update: slots[2] = " + slots[2]);
  }
}
