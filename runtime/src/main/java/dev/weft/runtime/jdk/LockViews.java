package dev.weft.runtime.jdk;

import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The lock behind a read or write view: {@code ReentrantReadWriteLock.readLock()} and {@code
 * writeLock()} are two objects over one {@code sync}, and {@code StampedLock.asReadLock()}/{@code
 * asWriteLock()} views of their {@code StampedLock}. Weft's lock model keys each view on its own;
 * the race oracle needs to know that a write-lock acquisition follows every earlier read unlock of
 * the same lock. The links are closed fields ({@link ClosedFields}).
 */
public final class LockViews {
  private static final ClosedField READ_SYNC = field(ReentrantReadWriteLock.ReadLock.class, "sync");
  private static final ClosedField WRITE_SYNC =
      field(ReentrantReadWriteLock.WriteLock.class, "sync");

  /** A StampedLock view's link to its lock, if the class is one. */
  private static final ClassValue<Optional<ClosedField>> OUTER =
      new ClassValue<>() {
        @Override
        protected Optional<ClosedField> computeValue(Class<?> type) {
          if (type.getName().startsWith("java.util.concurrent.locks.StampedLock$")
              && type.getName().endsWith("View")) {
            return Optional.ofNullable(field(type, "this$0"));
          }
          return Optional.empty();
        }
      };

  /** A view's shared lock and whether the view is the read side. */
  public record SharedLock(Object lock, boolean readSide) {}

  private LockViews() {}

  private static ClosedField field(Class<?> owner, String name) {
    try {
      return ClosedFields.field(owner, name);
    } catch (NoSuchFieldException | RuntimeException e) {
      return null;
    }
  }

  /** The lock {@code view} is a side of, or null when it is a lock of its own. */
  public static SharedLock of(Object view) {
    if (view instanceof ReentrantReadWriteLock.ReadLock && READ_SYNC != null) {
      return new SharedLock(READ_SYNC.get(view), true);
    }
    if (view instanceof ReentrantReadWriteLock.WriteLock && WRITE_SYNC != null) {
      return new SharedLock(WRITE_SYNC.get(view), false);
    }
    Optional<ClosedField> outer = OUTER.get(view.getClass());
    if (outer.isPresent()) {
      return new SharedLock(
          outer.get().get(view), view.getClass().getName().endsWith("$ReadLockView"));
    }
    return null;
  }
}
