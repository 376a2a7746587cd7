package dev.weft.runtime.exec;

import dev.weft.runtime.input.FuzzedInput;
import dev.weft.runtime.input.InputParameter;
import dev.weft.runtime.input.JazzerProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Finds the target's entry method in one run's class loader and invokes it. Resolution never
 * initialises the class, so a target whose static initialiser races runs that initialiser under
 * control; invoking rethrows the target's own exception rather than reflection's wrapper.
 */
final class TargetEntry {
  private final TargetSpec spec;
  private final Method method;

  /** A test's lifecycle, which replaces the plain call of {@link #method}; null for other modes. */
  private final TestLifecycle test;

  /** What the method takes from the run's input: nothing, its bytes or a data provider. */
  private final InputParameter input;

  private TargetEntry(TargetSpec spec, Method method, TestLifecycle test, InputParameter input) {
    this.spec = spec;
    this.method = method;
    this.test = test;
    this.input = input;
  }

  /** Whether the target takes an input (a fuzz target), whose bytes are searched with schedules. */
  InputParameter input() {
    return input;
  }

  static TargetEntry resolve(TargetSpec spec, ClassLoader loader) throws TargetException {
    Class<?> cls;
    try {
      cls = Class.forName(spec.className(), false, loader);
    } catch (UnsupportedClassVersionError e) {
      throw new TargetException(newerJdkNeeded(spec.className(), e));
    } catch (VerifyError | ClassFormatError e) {
      throw e; // rejected bytes: the caller knows whether they were Weft's
    } catch (ClassNotFoundException | LinkageError e) {
      throw new TargetException(
          "class " + spec.className() + " was not found on the target class path (--cp): " + e);
    }
    if (spec.mode() == TargetSpec.Mode.TEST) {
      TestLifecycle lifecycle = TestLifecycle.resolve(cls, spec.methodName());
      return new TargetEntry(spec, null, lifecycle, lifecycle.input());
    }
    Method m;
    InputParameter takes = InputParameter.NONE;
    try {
      if (spec.mode() == TargetSpec.Mode.MAIN) {
        m = cls.getDeclaredMethod("main", String[].class);
        if (!Modifier.isStatic(m.getModifiers())) {
          throw new TargetException(spec.className() + ".main(String[]) is not static");
        }
      } else {
        m = fuzzTarget(cls, spec.methodName());
        if (m != null) {
          takes = InputParameter.of(m.getParameterTypes()[0]);
        } else {
          m = cls.getDeclaredMethod(spec.methodName());
        }
        if (!Modifier.isStatic(m.getModifiers()) && Modifier.isAbstract(cls.getModifiers())) {
          throw new TargetException(spec.className() + " is abstract; make the method static");
        }
        if (!Modifier.isStatic(m.getModifiers())) {
          try {
            cls.getDeclaredConstructor();
          } catch (NoSuchMethodException e) {
            throw new TargetException(
                spec.className()
                    + "::"
                    + spec.methodName()
                    + " is an instance method but the class has no no-argument constructor");
          }
        }
      }
    } catch (NoSuchMethodException e) {
      String what =
          spec.mode() == TargetSpec.Mode.MAIN
              ? "main(String[]) method"
              : "method "
                  + spec.methodName()
                  + "() without parameters, nor one that takes byte[] or "
                  + JazzerProvider.INTERFACE;
      throw new TargetException("class " + spec.className() + " has no " + what);
    }
    m.setAccessible(true);
    return new TargetEntry(spec, m, null, takes);
  }

  /**
   * The method of that name that takes one {@code byte[]} or {@code FuzzedDataProvider}, as
   * Jazzer's {@code fuzzerTestOneInput} does; null if there is none.
   */
  private static Method fuzzTarget(Class<?> cls, String name) {
    for (Method candidate : cls.getDeclaredMethods()) {
      if (candidate.getName().equals(name)
          && candidate.getParameterCount() == 1
          && InputParameter.of(candidate.getParameterTypes()[0]) != null) {
        return candidate;
      }
    }
    return null;
  }

  /** Runs the target in the calling (controlled) thread, without an input. */
  void invoke() throws Throwable {
    invoke(new FuzzedInput(new byte[0]));
  }

  /** Runs the target in the calling (controlled) thread, a fuzz target over {@code data}. */
  void invoke(FuzzedInput data) throws Throwable {
    if (test != null) {
      test.run(data);
      return;
    }
    try {
      Object receiver = null;
      if (!Modifier.isStatic(method.getModifiers())) {
        var ctor = method.getDeclaringClass().getDeclaredConstructor();
        ctor.setAccessible(true);
        receiver = ctor.newInstance();
      }
      if (spec.mode() == TargetSpec.Mode.MAIN) {
        method.invoke(receiver, (Object) spec.args().toArray(new String[0]));
      } else if (input != InputParameter.NONE) {
        method.invoke(receiver, input.argument(method.getParameterTypes()[0], data));
      } else {
        method.invoke(receiver);
      }
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** A class compiled for a newer JDK than the one running Weft: say which, and how to switch. */
  static String newerJdkNeeded(String className, UnsupportedClassVersionError e) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("class file version (\\d+)").matcher(e.getMessage());
    String needed = m.find() ? "Java " + (Integer.parseInt(m.group(1)) - 44) + " or newer" : null;
    return "class "
        + className
        + " was compiled for a newer JDK than the one running Weft (Java "
        + Runtime.version().feature()
        + ")"
        + (needed == null ? "" : ": it needs " + needed)
        + "; run Weft on that JDK, e.g. JAVA=/path/to/jdk/bin/java weft ... ("
        + e.getMessage()
        + ")";
  }
}
