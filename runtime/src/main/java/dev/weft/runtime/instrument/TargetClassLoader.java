package dev.weft.runtime.instrument;

import dev.weft.runtime.control.OwnWork;
import dev.weft.runtime.instrument.classfile.StaticsReset;
import dev.weft.runtime.oracle.StackFrames;
import dev.weft.runtime.statics.RewriteMembersHidden;
import dev.weft.trace.Trace;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URL;
import java.util.Enumeration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The target's class loader: target classes are defined here from cached instrumented bytes, once
 * for all runs when their statics are reset per run ({@link StaticsReset}), else once per run, a
 * new loader each time, so that every run starts with fresh static state; Weft's runtime classes
 * come from Weft's own loader so that hooks and scheduler are shared; everything else comes from
 * the JDK; a test framework's classes come uninstrumented from a loader the runs share ({@link
 * TestFrameworkClasses}). Assertions are enabled for all target classes.
 */
public final class TargetClassLoader extends ClassLoader {
  /** The loader's name, which stack traces print before each frame of target code. */
  public static final String NAME = StackFrames.TARGET_LOADER;

  /**
   * Weft's runtime and the trace types it records (named by a class, wherever their package is):
   * hooks, scheduler and models resolve to Weft's single copy...
   */
  private static final String[] RUNTIME = {"dev.weft.runtime.", Trace.class.getPackageName() + "."};

  /**
   * ...except these packages, which are instrumented like target code (the controlled pools) and
   * come from the target's {@link ModelClassLoader}.
   */
  private static final String[] PER_RUN_PACKAGES = {TargetClassPath.PER_RUN_PACKAGE};

  static {
    registerAsParallelCapable();
  }

  private final Instrumenter instrumenter;

  /** Bytes of the classes the program defined in this run, for later classes' type questions. */
  private final Map<String, byte[]> definedAtRunTime = new ConcurrentHashMap<>();

  private static final ClassValue<Boolean> FULLY_INSTRUMENTED =
      new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            if (c == null || c.isHidden() || !instrumentedFromPath(c)) {
              return false;
            }
          }
          return true;
        }
      };

  private static boolean instrumentedFromPath(Class<?> c) {
    ClassLoader loader = c.getClassLoader();
    Instrumenter instrumenter =
        loader instanceof TargetClassLoader
            ? ((TargetClassLoader) loader).instrumenter
            : loader instanceof ModelClassLoader
                ? ((ModelClassLoader) loader).instrumenter()
                : null;
    return instrumenter != null && instrumenter.isInstrumentedPathClass(c.getName());
  }

  /** Whether {@code type} is a run's code: the target's, or Weft's per-run models. */
  public static boolean isRunCode(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    return loader instanceof TargetClassLoader || loader instanceof ModelClassLoader;
  }

  /**
   * Whether {@code type} and every superclass but {@code Object} were defined by a run's loader
   * from the target class path with their instrumentation: then every way an instance can pass
   * {@code this} on is seen, and instances can be tracked as thread-local.
   */
  public static boolean isFullyInstrumented(Class<?> type) {
    return FULLY_INSTRUMENTED.get(type);
  }

  /** Whether this loader's classes are instrumented without the per-run statics reset. */
  private final boolean plain;

  public TargetClassLoader(Instrumenter instrumenter) {
    this(instrumenter, false);
  }

  /**
   * @param plain whether to define the target's classes without the rewrite that lets one
   *     definition serve every run (see {@link StaticsReset}): a run on them is exactly a run on
   *     classes of its own
   */
  public TargetClassLoader(Instrumenter instrumenter, boolean plain) {
    super(NAME, ClassLoader.getPlatformClassLoader());
    this.instrumenter = instrumenter;
    this.plain = plain;
    setDefaultAssertionStatus(true);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        OwnWork.begin();
        try {
          c = load(name);
        } finally {
          OwnWork.end();
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** Loads a class not loaded yet: Weft's own work, however long instrumenting it takes. */
  private Class<?> load(String name) throws ClassNotFoundException {
    if (isRuntimeClass(name)) {
      return TargetClassLoader.class.getClassLoader().loadClass(name);
    }
    if (name.startsWith(TargetClassPath.PER_RUN_PACKAGE)) {
      return instrumenter.models().loadClass(name);
    }
    if (name.startsWith("java.")) {
      return getParent().loadClass(name);
    }
    if (TestFrameworkClasses.contains(name)) {
      return instrumenter.classPath().frameworkLoader().loadClass(name);
    }
    Optional<byte[]> bytes = instrumenter.instrumented(name, plain);
    if (bytes.isEmpty()) {
      return getParent().loadClass(name);
    }
    Class<?> c = define(name, bytes.get());
    if (!plain && instrumenter.resettableStatics() && !c.isInterface()) {
      RewriteMembersHidden.hide(c);
    }
    return c;
  }

  /**
   * Defines a class from its instrumented bytes, or from its original bytes if the JVM rejects the
   * instrumented ones (the class is then listed as skipped and runs uncontrolled).
   */
  private Class<?> define(String name, byte[] bytes) {
    try {
      return defineClass(name, bytes, 0, bytes.length);
    } catch (VerifyError | ClassFormatError e) {
      if (e instanceof UnsupportedClassVersionError || !instrumenter.giveUp(name, e)) {
        throw e;
      }
      byte[] original = instrumenter.instrumented(name, plain).orElseThrow();
      return defineClass(name, original, 0, original.length);
    }
  }

  /**
   * Whether {@code field} is a static final of a class this kind of loader defined for every run,
   * which the rewrite made assignable (reflection should still see it final).
   */
  public static boolean strippedFinal(Field field) {
    Class<?> owner = field.getDeclaringClass();
    return owner.getClassLoader() instanceof TargetClassLoader loader
        && !loader.plain
        && loader.instrumenter.strippedFinal(owner.getName(), field.getName());
  }

  static boolean isRuntimeClass(String name) {
    if (!startsWithAny(name, RUNTIME)) {
      return false;
    }
    for (String p : PER_RUN_PACKAGES) {
      if (name.startsWith(p)) {
        return false;
      }
    }
    return true;
  }

  private static boolean startsWithAny(String name, String[] prefixes) {
    for (String p : prefixes) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  /** The run's target loader that {@code loader} is or descends from, or null. */
  static TargetClassLoader enclosing(ClassLoader loader) {
    for (ClassLoader l = loader; l != null; l = l.getParent()) {
      if (l instanceof TargetClassLoader run) {
        return run;
      }
    }
    return null;
  }

  /**
   * Instrumented bytes of a class that {@code loader} (this loader or one of the program's own
   * below it) defines from bytes made while the program runs, or null to leave them as they are:
   * classes this loader defines from the target path are instrumented already.
   */
  byte[] instrumentDefinedAtRunTime(ClassLoader loader, String internalName, byte[] bytes) {
    String name = internalName.replace('/', '.');
    if (loader == this && (isRuntimeClass(name) || instrumenter.isTargetPathClass(name))) {
      return null;
    }
    definedAtRunTime.put(name, bytes);
    return instrumenter.instrumentDefinedAtRunTime(name, bytes, definedAtRunTime);
  }

  @Override
  protected URL findResource(String name) {
    return instrumenter.classPath().resource(name);
  }

  @Override
  protected Enumeration<URL> findResources(String name) throws IOException {
    return instrumenter.classPath().resources(name);
  }
}
