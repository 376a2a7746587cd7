package dev.weft.runtime.juc.queued;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;

/**
 * The protected methods of one target subclass of {@code AbstractQueuedSynchronizer} or {@code
 * AbstractQueuedLongSynchronizer} that the model calls: the program's own {@code tryAcquire},
 * {@code tryRelease}, {@code tryAcquireShared}, {@code tryReleaseShared} and {@code
 * isHeldExclusively}, and the JDK's final state and owner methods. Protected members of a JDK class
 * are not open to Weft, but they are to the subclass, whose package (in the target's unnamed
 * module) is open: the handles come from a lookup in that class. Both families are seen through
 * {@code long} state and arguments; an {@code int} synchronizer's values never leave {@code int}
 * range, so narrowing them back is exact.
 */
final class SynchronizerMethods {
  private static final ClassValue<SynchronizerMethods> OF =
      new ClassValue<>() {
        @Override
        protected SynchronizerMethods computeValue(Class<?> type) {
          return new SynchronizerMethods(type);
        }
      };

  /** Whether the state is a {@code long} ({@code AbstractQueuedLongSynchronizer}). */
  final boolean longState;

  private final MethodHandle tryAcquire;
  private final MethodHandle tryRelease;
  private final MethodHandle tryAcquireShared;
  private final MethodHandle tryReleaseShared;
  private final MethodHandle isHeldExclusively;
  private final MethodHandle getState;
  private final MethodHandle setState;
  private final MethodHandle compareAndSetState;
  private final MethodHandle getOwner;
  private final MethodHandle setOwner;

  private SynchronizerMethods(Class<?> type) {
    longState = AbstractQueuedLongSynchronizer.class.isAssignableFrom(type);
    Class<?> value = longState ? long.class : int.class;
    try {
      MethodHandles.Lookup in = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      tryAcquire = find(in, type, "tryAcquire", boolean.class, value);
      tryRelease = find(in, type, "tryRelease", boolean.class, value);
      tryAcquireShared = find(in, type, "tryAcquireShared", long.class, value);
      tryReleaseShared = find(in, type, "tryReleaseShared", boolean.class, value);
      isHeldExclusively = find(in, type, "isHeldExclusively", boolean.class);
      getState = find(in, type, "getState", long.class);
      setState = find(in, type, "setState", void.class, value);
      compareAndSetState = find(in, type, "compareAndSetState", boolean.class, value, value);
      getOwner = find(in, type, "getExclusiveOwnerThread", Thread.class);
      setOwner = find(in, type, "setExclusiveOwnerThread", void.class, Thread.class);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot reach the synchronizer methods of " + type, e);
    }
  }

  static SynchronizerMethods of(Object synchronizer) {
    return OF.get(synchronizer.getClass());
  }

  /**
   * {@code type.name(params)} as {@code (Object, long...) -> returns}: the receiver widened to
   * {@code Object}, {@code int} parameters and results seen as {@code long}.
   */
  private static MethodHandle find(
      MethodHandles.Lookup in, Class<?> type, String name, Class<?> returns, Class<?>... params)
      throws ReflectiveOperationException {
    MethodHandle h = null;
    for (Class<?> declared : new Class<?>[] {returns, int.class}) {
      try {
        h = in.findVirtual(type, name, MethodType.methodType(declared, params));
        break;
      } catch (NoSuchMethodException e) {
        if (declared == int.class) {
          throw e;
        }
      }
    }
    Class<?>[] seen = new Class<?>[params.length + 1];
    seen[0] = Object.class;
    for (int i = 0; i < params.length; i++) {
      seen[i + 1] = params[i] == int.class ? long.class : params[i];
    }
    return MethodHandles.explicitCastArguments(h, MethodType.methodType(returns, seen));
  }

  boolean tryAcquire(Object sync, long arg) {
    try {
      return (boolean) tryAcquire.invokeExact(sync, arg);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  boolean tryRelease(Object sync, long arg) {
    try {
      return (boolean) tryRelease.invokeExact(sync, arg);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  /** The program's {@code tryAcquireShared}: negative fails, zero succeeds alone, positive too. */
  long tryAcquireShared(Object sync, long arg) {
    try {
      return (long) tryAcquireShared.invokeExact(sync, arg);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  boolean tryReleaseShared(Object sync, long arg) {
    try {
      return (boolean) tryReleaseShared.invokeExact(sync, arg);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  boolean isHeldExclusively(Object sync) {
    try {
      return (boolean) isHeldExclusively.invokeExact(sync);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  long getState(Object sync) {
    try {
      return (long) getState.invokeExact(sync);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  void setState(Object sync, long value) {
    try {
      setState.invokeExact(sync, value);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  boolean compareAndSetState(Object sync, long expect, long update) {
    try {
      return (boolean) compareAndSetState.invokeExact(sync, expect, update);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  Thread getOwner(Object sync) {
    try {
      return (Thread) getOwner.invokeExact(sync);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }

  void setOwner(Object sync, Thread owner) {
    try {
      setOwner.invokeExact(sync, owner);
    } catch (Throwable e) {
      throw Rethrow.unchecked(e);
    }
  }
}
