package dev.weft.runtime.jdk;

import java.lang.reflect.Field;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * Which synchronizer a {@code ConditionObject} of {@code AbstractQueuedSynchronizer} or {@code
 * AbstractQueuedLongSynchronizer} belongs to: the inner class keeps its outer instance in a closed
 * field ({@link ClosedFields}), and no public method answers it.
 */
public final class ConditionOwners {
  private static final Class<?> INT_CONDITION = AbstractQueuedSynchronizer.ConditionObject.class;
  private static final Class<?> LONG_CONDITION =
      AbstractQueuedLongSynchronizer.ConditionObject.class;

  private static volatile ClosedField intOuter;
  private static volatile ClosedField longOuter;

  private ConditionOwners() {}

  /** The synchronizer that made {@code condition}, or null if it is no such condition. */
  public static Object ownerOf(Object condition) {
    if (INT_CONDITION.isInstance(condition)) {
      ClosedField f = intOuter;
      if (f == null) {
        intOuter = f = outerField(INT_CONDITION);
      }
      return f.get(condition);
    }
    if (LONG_CONDITION.isInstance(condition)) {
      ClosedField f = longOuter;
      if (f == null) {
        longOuter = f = outerField(LONG_CONDITION);
      }
      return f.get(condition);
    }
    return null;
  }

  /** The field of an inner class that holds its enclosing instance (javac's {@code this$0}). */
  private static ClosedField outerField(Class<?> inner) {
    Class<?> outer = inner.getEnclosingClass();
    for (Field f : inner.getDeclaredFields()) {
      if (f.getType() == outer && f.isSynthetic()) {
        try {
          return ClosedFields.field(inner, f.getName());
        } catch (NoSuchFieldException e) {
          break;
        }
      }
    }
    throw new IllegalStateException("no enclosing instance field in " + inner);
  }
}
