package dev.weft.runtime.instrument;

import dev.weft.runtime.control.OwnWork;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Weft's per-run models (the controlled pools and timer of {@code dev.weft.runtime.perrun}),
 * instrumented and defined once per instrumenter instead of once per run: defining them and linking
 * their call sites afresh was a large share of a short run of a program that uses an executor. What
 * must not outlive a run, their static state, is reset before each run (a field to its default
 * value, a final map or collection emptied), so every run starts as from freshly loaded classes;
 * the reset runs no model code, so it adds no scheduling point and no site. One difference stays:
 * objects a model's static initialiser makes are made in the first run only, so later runs name
 * them where they are first used, not where they were made. Every run's target loader delegates
 * these classes here.
 */
final class ModelClassLoader extends ClassLoader {
  /** The name stack traces print before each frame of a model's code. */
  static final String NAME = "weft-models";

  static {
    registerAsParallelCapable();
  }

  private final Instrumenter instrumenter;
  private final List<Field> state = new CopyOnWriteArrayList<>();

  ModelClassLoader(Instrumenter instrumenter) {
    super(NAME, ClassLoader.getPlatformClassLoader());
    this.instrumenter = instrumenter;
    setDefaultAssertionStatus(true);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        if (TargetClassLoader.isRuntimeClass(name)) {
          c = ModelClassLoader.class.getClassLoader().loadClass(name);
        } else if (name.startsWith(TargetClassPath.PER_RUN_PACKAGE)) {
          c = defineModel(name);
        } else {
          c = getParent().loadClass(name);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** Instruments and defines a model class: Weft's own work, whichever thread asks for it. */
  private Class<?> defineModel(String name) throws ClassNotFoundException {
    OwnWork.begin();
    try {
      Optional<byte[]> bytes = instrumenter.instrumented(name);
      if (bytes.isEmpty()) {
        throw new ClassNotFoundException(name);
      }
      Class<?> c = defineClass(name, bytes.get(), 0, bytes.get().length);
      remember(c);
      return c;
    } finally {
      OwnWork.end();
    }
  }

  private void remember(Class<?> c) {
    for (Field f : c.getDeclaredFields()) {
      int m = f.getModifiers();
      boolean container =
          Map.class.isAssignableFrom(f.getType()) || Collection.class.isAssignableFrom(f.getType());
      if (Modifier.isStatic(m) && (!Modifier.isFinal(m) || container)) {
        f.setAccessible(true);
        state.add(f);
      }
    }
  }

  Instrumenter instrumenter() {
    return instrumenter;
  }

  /** Resets the models' static state; called between runs, while no run is active. */
  void resetForRun() {
    try {
      for (Field f : state) {
        if (!Modifier.isFinal(f.getModifiers())) {
          f.set(null, defaultOf(f.getType()));
        } else if (f.get(null) instanceof Map<?, ?> map) {
          map.clear();
        } else if (f.get(null) instanceof Collection<?> collection) {
          collection.clear();
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reset a model's static state", e);
    }
  }

  private static Object defaultOf(Class<?> type) {
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == char.class) {
      return '\0';
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == float.class) {
      return 0f;
    }
    if (type == double.class) {
      return 0d;
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    if (type == short.class) {
      return (short) 0;
    }
    return 0;
  }
}
