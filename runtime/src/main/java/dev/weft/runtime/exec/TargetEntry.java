package dev.weft.runtime.exec;

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

  private TargetEntry(TargetSpec spec, Method method, TestLifecycle test) {
    this.spec = spec;
    this.method = method;
    this.test = test;
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
      return new TargetEntry(spec, null, TestLifecycle.resolve(cls, spec.methodName()));
    }
    Method m;
    try {
      if (spec.mode() == TargetSpec.Mode.MAIN) {
        m = cls.getDeclaredMethod("main", String[].class);
        if (!Modifier.isStatic(m.getModifiers())) {
          throw new TargetException(spec.className() + ".main(String[]) is not static");
        }
      } else {
        m = cls.getDeclaredMethod(spec.methodName());
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
              ? "a main(String[]) method"
              : "a method " + spec.methodName() + "() without parameters";
      throw new TargetException("class " + spec.className() + " has no " + what);
    }
    m.setAccessible(true);
    return new TargetEntry(spec, m, null);
  }

  /** Runs the target in the calling (controlled) thread. */
  void invoke() throws Throwable {
    if (test != null) {
      test.run();
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
        + "; run Weft on that JDK, e.g. JAVA=/path/to/jdk/bin/java scripts/weft ... ("
        + e.getMessage()
        + ")";
  }
}
