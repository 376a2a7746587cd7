package dev.weft.runtime.local;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The reference-typed instance fields of a tracked class and its superclasses, read reflectively
 * when an object escapes to find the local objects it takes with it. Tracked classes are target
 * classes in an unnamed module, so their fields can always be made accessible.
 */
final class ReferenceFields {
  private static final ClassValue<Field[]> FIELDS =
      new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
          List<Field> found = new ArrayList<>();
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
              if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                f.setAccessible(true);
                found.add(f);
              }
            }
          }
          return found.toArray(new Field[0]);
        }
      };

  private ReferenceFields() {}

  static void forEachValue(Object object, Consumer<Object> action) {
    for (Field f : FIELDS.get(object.getClass())) {
      try {
        action.accept(f.get(object));
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot read " + f + " of a tracked object", e);
      }
    }
  }
}
