package dev.weft.runtime.jdk;

import java.lang.invoke.VarHandle;

/**
 * One closed field of a JDK class ({@link ClosedFields}): a {@code VarHandle} once its package is
 * open to Weft, or an {@code Unsafe} offset when it cannot be.
 */
final class ClosedField {
  private final VarHandle handle;
  private final long offset;

  ClosedField(VarHandle handle, long offset) {
    this.handle = handle;
    this.offset = offset;
  }

  Object get(Object o) {
    return handle != null ? handle.get(o) : ClosedFields.UnsafeHolder.UNSAFE.getObject(o, offset);
  }

  boolean getBoolean(Object o) {
    return handle != null
        ? (boolean) handle.get(o)
        : ClosedFields.UnsafeHolder.UNSAFE.getBoolean(o, offset);
  }

  int getInt(Object o) {
    return handle != null
        ? (int) handle.get(o)
        : ClosedFields.UnsafeHolder.UNSAFE.getInt(o, offset);
  }

  long getLong(Object o) {
    return handle != null
        ? (long) handle.get(o)
        : ClosedFields.UnsafeHolder.UNSAFE.getLong(o, offset);
  }

  void setInt(Object o, int value) {
    if (handle != null) {
      handle.set(o, value);
    } else {
      ClosedFields.UnsafeHolder.UNSAFE.putInt(o, offset, value);
    }
  }

  void setLong(Object o, long value) {
    if (handle != null) {
      handle.set(o, value);
    } else {
      ClosedFields.UnsafeHolder.UNSAFE.putLong(o, offset, value);
    }
  }
}
