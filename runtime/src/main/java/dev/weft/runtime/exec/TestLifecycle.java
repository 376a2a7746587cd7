package dev.weft.runtime.exec;

import dev.weft.runtime.control.WeftAbort;
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
 * A JUnit test method run as JUnit runs it, inside one controlled run: {@code @BeforeAll}, a fresh
 * instance (of the enclosing classes too, for a {@code @Nested} class), {@code @BeforeEach}, the
 * test, {@code @AfterEach} and {@code @AfterAll}. JUnit 4 tests get the same with their own
 * annotations ({@code @BeforeClass}, {@code @Before}, {@code @After}, {@code @AfterClass}, and
 * {@code @Test(expected = ...)}: the run passes when the test throws it); a JUnit 3 {@code
 * TestCase} gets {@code setUp}, the test and {@code tearDown}. What only a JUnit runner can do is
 * refused with a message that says so: another runner than the default ({@code @RunWith}). A JUnit
 * 4 class's rules ({@code @Rule}, {@code @ClassRule}) wrap its tests and the class as JUnit 4's
 * runner has them do ({@link Junit4Rules}). Every run defines the test's classes afresh, so static
 * state set up by {@code @BeforeAll} must be set up again in each run: "once" is once per run. The
 * lifecycle methods are found by their annotations' names, so neither Weft nor the class path needs
 * JUnit for this; methods that take parameters JUnit would resolve (a {@code TestInfo}, a
 * {@code @TempDir}) are refused, since there is no JUnit in the run to supply them. The one
 * parameter a test method may take is the run's input, as a fuzz target's ({@code byte[]} or
 * Jazzer's {@code FuzzedDataProvider}): Weft supplies it, and searches it with the schedule.
 */
final class TestLifecycle {
  private static final String API = "org.junit.jupiter.api.";
  private static final String JUNIT4 = "org.junit.";

  /** Each lifecycle step's annotations: JUnit 5's, and JUnit 4's. */
  private static final Set<String> BEFORE_ALL = Set.of(API + "BeforeAll", JUNIT4 + "BeforeClass");

  private static final Set<String> BEFORE_EACH = Set.of(API + "BeforeEach", JUNIT4 + "Before");
  private static final Set<String> AFTER_EACH = Set.of(API + "AfterEach", JUNIT4 + "After");
  private static final Set<String> AFTER_ALL = Set.of(API + "AfterAll", JUNIT4 + "AfterClass");

  /** JUnit 4's runners that run a class as Weft does; any other is refused. */
  private static final Set<String> PLAIN_RUNNERS =
      Set.of(JUNIT4 + "runners.JUnit4", JUNIT4 + "runners.BlockJUnit4ClassRunner");

  private static final String TEST_CASE = "junit.framework.TestCase";

  /** The test class and the classes enclosing it as {@code @Nested} inner classes, outer first. */
  private final List<Class<?>> levels;

  private final Method test;

  /** What the test method takes from the run's input: nothing, its bytes or a data provider. */
  private final InputParameter input;

  /**
   * JUnit 4's {@code @Test(expected = ...)}: the exception the test passes by throwing, or null.
   */
  private Class<?> expected;

  /** A JUnit 4 class with rules: they wrap the class and each test as JUnit 4's runner's do. */
  private boolean rules;

  /** A JUnit 3 {@code TestCase}: its instance is given the test's name. */
  private boolean testCase;

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
    if (extendsByName(cls, TEST_CASE)) {
      return lifecycle.asTestCase(cls);
    }
    lifecycle.expected = expectedException(test);
    lifecycle.rules = Junit4Rules.any(cls);
    for (Class<?> level : levels) {
      refuseWhatOnlyARunnerDoes(level);
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
   * A JUnit 3 {@code TestCase}: a fresh instance with the test's name, {@code setUp}, the test,
   * {@code tearDown} (always), as {@code TestCase.runBare} runs them.
   */
  private TestLifecycle asTestCase(Class<?> cls) throws TargetException {
    testCase = true;
    requireConstructor(cls);
    beforeEach.add(namedInHierarchy(cls, "setUp"));
    afterEach.add(namedInHierarchy(cls, "tearDown"));
    beforeAll.add(List.of());
    afterAll.add(List.of());
    return this;
  }

  /** The no-argument method {@code name} of the class or its nearest superclass, as a list. */
  private static List<Method> namedInHierarchy(Class<?> cls, String name) {
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      try {
        Method m = c.getDeclaredMethod(name);
        m.setAccessible(true);
        return List.of(m);
      } catch (NoSuchMethodException e) {
        // look further up
      }
    }
    return List.of();
  }

  private static boolean extendsByName(Class<?> cls, String name) {
    for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
      if (c.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** JUnit 4's {@code @Test(expected = X.class)} of the method, or null. */
  private static Class<?> expectedException(Method test) {
    for (Annotation a : test.getDeclaredAnnotations()) {
      if (a.annotationType().getName().equals(JUNIT4 + "Test")) {
        try {
          Class<?> expected = (Class<?>) a.annotationType().getMethod("expected").invoke(a);
          return expected.getName().equals(JUNIT4 + "Test$None") ? null : expected;
        } catch (ReflectiveOperationException | ClassCastException e) {
          return null;
        }
      }
    }
    return null;
  }

  /**
   * Refuses a JUnit 4 class that another runner runs: Weft runs the lifecycle itself, and would
   * silently leave out what the runner adds.
   */
  private static void refuseWhatOnlyARunnerDoes(Class<?> level) throws TargetException {
    for (Annotation a : level.getAnnotations()) {
      if (a.annotationType().getName().equals(JUNIT4 + "runner.RunWith")) {
        String runner;
        try {
          runner = ((Class<?>) a.annotationType().getMethod("value").invoke(a)).getName();
        } catch (ReflectiveOperationException | ClassCastException e) {
          runner = "?";
        }
        if (!PLAIN_RUNNERS.contains(runner)) {
          throw new TargetException(
              level.getName()
                  + " is run by "
                  + runner
                  + " (@RunWith); Weft runs JUnit 4 classes of the default runner (JUnit4) and"
                  + " their @BeforeClass, @Before, @After and @AfterClass methods");
        }
      }
    }
  }

  /**
   * The {@code @BeforeAll} or {@code @AfterAll} methods of a level, which must be static: a run
   * makes its instances itself, one per level, so an instance-per-class lifecycle has nothing to
   * share them with.
   */
  private static List<Method> onceMethods(Class<?> level, Set<String> annotations)
      throws TargetException {
    List<Method> methods = annotated(level, annotations);
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
    Constructor<?> ctor;
    if (isInner(level)) {
      ctor = level.getDeclaredConstructor(level.getEnclosingClass());
    } else {
      try {
        ctor = level.getDeclaredConstructor();
      } catch (NoSuchMethodException e) {
        if (!extendsByName(level, TEST_CASE)) {
          throw e;
        }
        ctor = level.getDeclaredConstructor(String.class); // a TestCase's (String name)
      }
    }
    ctor.setAccessible(true);
    return ctor;
  }

  /**
   * The methods of {@code cls} and its superclasses annotated with {@code annotation} (directly or
   * through a meta-annotation), superclasses' first; an overridden method counts once, as the
   * override.
   */
  private static List<Method> annotated(Class<?> cls, Set<String> annotations)
      throws TargetException {
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
        if (has(m, annotations)) {
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

  private static boolean has(Method m, Set<String> annotations) {
    for (Annotation a : m.getDeclaredAnnotations()) {
      Class<? extends Annotation> type = a.annotationType();
      if (annotations.contains(type.getName())) {
        return true;
      }
      for (Annotation meta : type.getDeclaredAnnotations()) {
        if (annotations.contains(meta.annotationType().getName())) {
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
    if (!rules) {
      runClass(data);
      return;
    }
    Junit4Rules.run(
        testClass(),
        null,
        null,
        () -> {
          try {
            runClass(data);
          } catch (Throwable t) {
            throw Junit4Rules.sneaky(t);
          }
          return null;
        });
  }

  private Class<?> testClass() {
    return levels.get(levels.size() - 1);
  }

  /**
   * The {@code @BeforeAll} methods, the test's instance and its run, the {@code @AfterAll} ones.
   */
  private void runClass(FuzzedInput data) throws Throwable {
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
        if (testCase) {
          instances[i] =
              ctor.getParameterCount() == 1
                  ? newInstance(ctor, test.getName())
                  : named(newInstance(ctor), test.getName());
        } else {
          instances[i] = i == 0 ? newInstance(ctor) : newInstance(ctor, instances[i - 1]);
        }
      }
      failure = rules ? eachAroundInRules(instances, data) : eachAround(instances, data);
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

  /** {@link #eachAround} inside the test's JUnit 4 rules; the failure or null. */
  private Throwable eachAroundInRules(Object[] instances, FuzzedInput data) {
    try {
      Junit4Rules.run(
          testClass(),
          test,
          instances[instances.length - 1],
          () -> {
            Throwable failure = eachAround(instances, data);
            if (failure != null) {
              throw Junit4Rules.sneaky(failure);
            }
            return null;
          });
      return null;
    } catch (Throwable t) {
      return t;
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
      try {
        if (input == InputParameter.NONE) {
          call(test, receiver);
        } else {
          call(test, receiver, input.argument(test.getParameterTypes()[0], data));
        }
      } catch (Throwable t) {
        if (expected == null || !expected.isInstance(t) || t instanceof WeftAbort) {
          throw t; // Weft's own end of the run is never the exception a test expects
        }
        return afterEachAll(null, levelsSetUp, instances); // threw what it was expected to
      }
      if (expected != null) {
        throw new AssertionError("Expected exception: " + expected.getName()); // JUnit 4's words
      }
    } catch (Throwable t) {
      failure = t;
    }
    return afterEachAll(failure, levelsSetUp, instances);
  }

  /**
   * The {@code @AfterEach} methods of the levels set up, innermost first, after {@code failure}.
   */
  private Throwable afterEachAll(Throwable failure, int levelsSetUp, Object[] instances) {
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

  /** A JUnit 3 {@code TestCase} made with its no-argument constructor, given the test's name. */
  private static Object named(Object testCase, String name) throws Throwable {
    for (Class<?> c = testCase.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getName().equals(TEST_CASE)) {
        call(c.getMethod("setName", String.class), testCase, name);
        break;
      }
    }
    return testCase;
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
