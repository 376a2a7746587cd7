package dev.weft.runtime.exec;

import dev.weft.runtime.input.FuzzedInput;
import dev.weft.runtime.input.InputParameter;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A JUnit 5 test method run as JUnit runs it, inside one controlled run: {@code @BeforeAll}, a
 * fresh instance (of the enclosing classes too, for a {@code @Nested} class), {@code @BeforeEach},
 * the test, {@code @AfterEach} and {@code @AfterAll}. Every run defines the test's classes afresh,
 * so static state set up by {@code @BeforeAll} must be set up again in each run: "once" is once per
 * run. The lifecycle methods are found by their annotations' names, so neither Weft nor the class
 * path needs JUnit for this; methods that take parameters JUnit would resolve (a {@code TestInfo},
 * a {@code @TempDir}) are refused, since there is no JUnit in the run to supply them. The one
 * parameter a test method may take is the run's input, as a fuzz target's ({@code byte[]} or
 * Jazzer's {@code FuzzedDataProvider}): Weft supplies it, and searches it with the schedule.
 */
final class TestLifecycle {
  private static final String API = "org.junit.jupiter.api.";
  private static final String BEFORE_ALL = API + "BeforeAll";
  private static final String BEFORE_EACH = API + "BeforeEach";
  private static final String AFTER_EACH = API + "AfterEach";
  private static final String AFTER_ALL = API + "AfterAll";

  /** The test class and the classes enclosing it as {@code @Nested} inner classes, outer first. */
  private final List<Class<?>> levels;

  private final Method test;

  /** What the test method takes from the run's input: nothing, its bytes or a data provider. */
  private final InputParameter input;

  /** Per level, the lifecycle methods of each kind, superclasses' first. */
  private final List<List<Method>> beforeAll = new ArrayList<>();

  private final List<List<Method>> beforeEach = new ArrayList<>();
  private final List<List<Method>> afterEach = new ArrayList<>();
  private final List<List<Method>> afterAll = new ArrayList<>();

  private TestLifecycle(List<Class<?>> levels, Method test) {
    this.levels = levels;
    this.test = test;
    this.input =
        test.getParameterCount() == 0
            ? InputParameter.NONE
            : InputParameter.of(test.getParameterTypes()[0]);
  }

  /** Whether the test method takes an input, searched with the schedule as a fuzz target's. */
  InputParameter input() {
    return input;
  }

  static TestLifecycle resolve(Class<?> cls, String methodName) throws TargetException {
    List<Class<?>> levels = new ArrayList<>();
    for (Class<?> c = cls; c != null; c = isInner(c) ? c.getEnclosingClass() : null) {
      levels.add(0, c);
    }
    Method test;
    try {
      test = findTest(cls, methodName);
    } catch (NoClassDefFoundError e) {
      throw new TargetException(
          "class " + cls.getName() + " refers to a class missing from the class path (--cp): " + e);
    }
    TestLifecycle lifecycle = new TestLifecycle(levels, test);
    for (Class<?> level : levels) {
      requireConstructor(level);
      lifecycle.beforeAll.add(onceMethods(level, BEFORE_ALL));
      lifecycle.beforeEach.add(annotated(level, BEFORE_EACH));
      List<Method> after = annotated(level, AFTER_EACH);
      Collections.reverse(after); // subclass first, as JUnit does
      lifecycle.afterEach.add(after);
      List<Method> afterAllHere = onceMethods(level, AFTER_ALL);
      Collections.reverse(afterAllHere);
      lifecycle.afterAll.add(afterAllHere);
    }
    return lifecycle;
  }

  /**
   * The {@code @BeforeAll} or {@code @AfterAll} methods of a level, which must be static: a run
   * makes its instances itself, one per level, so an instance-per-class lifecycle has nothing to
   * share them with.
   */
  private static List<Method> onceMethods(Class<?> level, String annotation)
      throws TargetException {
    List<Method> methods = annotated(level, annotation);
    for (Method m : methods) {
      if (!Modifier.isStatic(m.getModifiers())) {
        throw new TargetException(
            level.getName()
                + "."
                + m.getName()
                + " is not static; Weft runs @BeforeAll and @AfterAll methods that are static");
      }
    }
    return methods;
  }

  private static boolean isInner(Class<?> c) {
    return c.isMemberClass() && !Modifier.isStatic(c.getModifiers());
  }

  private static Method findTest(Class<?> cls, String name) throws TargetException {
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && !m.isSynthetic()) {
          if (m.getParameterCount() > 1
              || (m.getParameterCount() == 1
                  && InputParameter.of(m.getParameterTypes()[0]) == null)) {
            throw new TargetException(
                cls.getName()
                    + "#"
                    + name
                    + " takes parameters; Weft runs test methods without parameters or with one"
                    + " byte[] or "
                    + dev.weft.runtime.input.JazzerProvider.INTERFACE
                    + " (the run's input)");
          }
          m.setAccessible(true);
          return m;
        }
      }
    }
    throw new TargetException("class " + cls.getName() + " has no test method " + name + "()");
  }

  private static void requireConstructor(Class<?> level) throws TargetException {
    if (Modifier.isAbstract(level.getModifiers())) {
      throw new TargetException(level.getName() + " is abstract; name a concrete test class");
    }
    try {
      constructor(level);
    } catch (NoSuchMethodException e) {
      throw new TargetException(
          level.getName()
              + " has no constructor without parameters"
              + (isInner(level) ? " (besides its enclosing instance)" : "")
              + "; Weft makes the test instance as JUnit does without parameter resolvers");
    }
  }

  private static Constructor<?> constructor(Class<?> level) throws NoSuchMethodException {
    Constructor<?> ctor =
        isInner(level)
            ? level.getDeclaredConstructor(level.getEnclosingClass())
            : level.getDeclaredConstructor();
    ctor.setAccessible(true);
    return ctor;
  }

  /**
   * The methods of {@code cls} and its superclasses annotated with {@code annotation} (directly or
   * through a meta-annotation), superclasses' first; an overridden method counts once, as the
   * override.
   */
  private static List<Method> annotated(Class<?> cls, String annotation) throws TargetException {
    List<Class<?>> hierarchy = new ArrayList<>();
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      hierarchy.add(0, c);
    }
    List<Method> found = new ArrayList<>();
    Set<String> overridden = new HashSet<>();
    for (int i = hierarchy.size() - 1; i >= 0; i--) {
      List<Method> here = new ArrayList<>();
      for (Method m : hierarchy.get(i).getDeclaredMethods()) {
        String signature = m.getName() + java.util.Arrays.toString(m.getParameterTypes());
        boolean isPrivate = Modifier.isPrivate(m.getModifiers());
        if (m.isSynthetic() || (!isPrivate && !overridden.add(signature))) {
          continue;
        }
        if (has(m, annotation)) {
          if (m.getParameterCount() > 0) {
            throw new TargetException(
                cls.getName()
                    + ": "
                    + m.getName()
                    + " takes parameters that JUnit would resolve; Weft runs lifecycle methods"
                    + " without parameters");
          }
          m.setAccessible(true);
          here.add(m);
        }
      }
      found.addAll(0, here);
    }
    return found;
  }

  private static boolean has(Method m, String annotation) {
    for (Annotation a : m.getDeclaredAnnotations()) {
      Class<? extends Annotation> type = a.annotationType();
      if (type.getName().equals(annotation)) {
        return true;
      }
      for (Annotation meta : type.getDeclaredAnnotations()) {
        if (meta.annotationType().getName().equals(annotation)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Runs the lifecycle in the calling (controlled) thread, the test over {@code data} if it takes
   * an input; throws what the test threw.
   */
  void run(FuzzedInput data) throws Throwable {
    Throwable failure = null;
    int levelsSetUp = 0;
    Object[] instances = new Object[levels.size()];
    try {
      for (int i = 0; i < levels.size(); i++) {
        invokeAll(beforeAll.get(i), null);
        levelsSetUp = i + 1;
      }
      for (int i = 0; i < levels.size(); i++) {
        Constructor<?> ctor = constructor(levels.get(i));
        instances[i] = i == 0 ? newInstance(ctor) : newInstance(ctor, instances[i - 1]);
      }
      failure = eachAround(instances, data);
    } catch (Throwable t) {
      failure = t;
    }
    for (int i = levelsSetUp - 1; i >= 0; i--) {
      failure = alsoFailed(failure, afterAll.get(i), instances[i]);
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** {@code @BeforeEach}, the test, and {@code @AfterEach} (always); the first failure or null. */
  private Throwable eachAround(Object[] instances, FuzzedInput data) {
    Throwable failure = null;
    int levelsSetUp = 0;
    try {
      for (int i = 0; i < levels.size(); i++) {
        levelsSetUp = i + 1;
        invokeAll(beforeEach.get(i), instances[i]);
      }
      Object receiver =
          Modifier.isStatic(test.getModifiers()) ? null : instances[levels.size() - 1];
      if (input == InputParameter.NONE) {
        call(test, receiver);
      } else {
        call(test, receiver, input.argument(test.getParameterTypes()[0], data));
      }
    } catch (Throwable t) {
      failure = t;
    }
    for (int i = levelsSetUp - 1; i >= 0; i--) {
      failure = alsoFailed(failure, afterEach.get(i), instances[i]);
    }
    return failure;
  }

  /** Runs every method even if one fails; a later failure is suppressed by the first. */
  private static Throwable alsoFailed(Throwable failure, List<Method> methods, Object instance) {
    for (Method m : methods) {
      try {
        call(m, Modifier.isStatic(m.getModifiers()) ? null : instance);
      } catch (Throwable t) {
        if (failure == null) {
          failure = t;
        } else if (failure != t) {
          failure.addSuppressed(t);
        }
      }
    }
    return failure;
  }

  private static void invokeAll(List<Method> methods, Object instance) throws Throwable {
    for (Method m : methods) {
      call(m, Modifier.isStatic(m.getModifiers()) ? null : instance);
    }
  }

  private static Object newInstance(Constructor<?> ctor, Object... args) throws Throwable {
    try {
      return ctor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static void call(Method m, Object receiver, Object... args) throws Throwable {
    try {
      m.invoke(receiver, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
