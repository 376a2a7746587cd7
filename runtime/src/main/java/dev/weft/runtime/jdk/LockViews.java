package dev.weft.runtime.jdk;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import sun.misc.Unsafe;

/**
 * The lock behind a read or write view: {@code ReentrantReadWriteLock.readLock()} and {@code
 * writeLock()} are two objects over one {@code sync}, and {@code StampedLock.asReadLock()}/{@code
 * asWriteLock()} views of their {@code StampedLock}. Weft's lock model keys each view on its own;
 * the race oracle needs to know that a write-lock acquisition follows every earlier read unlock of
 * the same lock. The links are closed fields ({@link ClosedFields}).
 */
public final class LockViews {
  private static final Unsafe UNSAFE = ClosedFields.UNSAFE;
  private static final long READ_SYNC = offset(ReentrantReadWriteLock.ReadLock.class, "sync");
  private static final long WRITE_SYNC = offset(ReentrantReadWriteLock.WriteLock.class, "sync");

  private static final ClassValue<Long> OUTER =
      new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> type) {
          if (type.getName().startsWith("java.util.concurrent.locks.StampedLock$")
              && type.getName().endsWith("View")) {
            return offset(type, "this$0");
          }
          return -1L;
        }
      };

  /** A view's shared lock and whether the view is the read side. */
  public record SharedLock(Object lock, boolean readSide) {}

  private LockViews() {}

  private static long offset(Class<?> owner, String name) {
    try {
      return ClosedFields.offset(owner, name);
    } catch (NoSuchFieldException | RuntimeException e) {
      return -1;
    }
  }

  /** The lock {@code view} is a side of, or null when it is a lock of its own. */
  public static SharedLock of(Object view) {
    if (UNSAFE == null) {
      return null;
    }
    if (view instanceof ReentrantReadWriteLock.ReadLock && READ_SYNC >= 0) {
      return new SharedLock(UNSAFE.getObject(view, READ_SYNC), true);
    }
    if (view instanceof ReentrantReadWriteLock.WriteLock && WRITE_SYNC >= 0) {
      return new SharedLock(UNSAFE.getObject(view, WRITE_SYNC), false);
    }
    long outer = OUTER.get(view.getClass());
    if (outer >= 0) {
      return new SharedLock(
          UNSAFE.getObject(view, outer), view.getClass().getName().endsWith("$ReadLockView"));
    }
    return null;
  }
}
