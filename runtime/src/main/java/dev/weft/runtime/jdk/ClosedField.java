package dev.weft.runtime.jdk;

import java.lang.reflect.Field;

/**
 * One closed field of a JDK class ({@link ClosedFields}), read and written through reflection once
 * its package is open to Weft, or through an {@code Unsafe} offset when it cannot be.
 */
final class ClosedField {
  private final Field field;
  private final long offset;

  ClosedField(Field field, long offset) {
    this.field = field;
    this.offset = offset;
  }

  Object get(Object o) {
    try {
      return field != null ? field.get(o) : ClosedFields.UnsafeHolder.UNSAFE.getObject(o, offset);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  boolean getBoolean(Object o) {
    try {
      return field != null
          ? field.getBoolean(o)
          : ClosedFields.UnsafeHolder.UNSAFE.getBoolean(o, offset);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  int getInt(Object o) {
    try {
      return field != null ? field.getInt(o) : ClosedFields.UnsafeHolder.UNSAFE.getInt(o, offset);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  long getLong(Object o) {
    try {
      return field != null ? field.getLong(o) : ClosedFields.UnsafeHolder.UNSAFE.getLong(o, offset);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  void setInt(Object o, int value) {
    try {
      if (field != null) {
        field.setInt(o, value);
      } else {
        ClosedFields.UnsafeHolder.UNSAFE.putInt(o, offset, value);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  void setLong(Object o, long value) {
    try {
      if (field != null) {
        field.setLong(o, value);
      } else {
        ClosedFields.UnsafeHolder.UNSAFE.putLong(o, offset, value);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
