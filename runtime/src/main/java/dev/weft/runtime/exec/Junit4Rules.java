package dev.weft.runtime.exec;

import dev.weft.runtime.statics.ClassInits;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A JUnit 4 class's rules ({@code @Rule}, {@code @ClassRule}; {@code TemporaryFolder}, {@code
 * ExpectedException}, {@code TestName}, {@code ErrorCollector}, a {@code TestWatcher}, an {@code
 * ExternalResource}, a {@code RuleChain}, ...), applied as JUnit 4's runner applies them: each
 * {@code TestRule} (and old {@code MethodRule}) wraps a {@code Statement} that runs
 * {@code @Before}, the test and {@code @After}, the class rules one that runs the whole class.
 * JUnit's classes are the test class path's, reached by name, so Weft has no JUnit dependency; the
 * one {@code Statement} Weft needs, which calls back into the lifecycle, is a subclass made here
 * once per loader of JUnit's classes.
 *
 * <p>A {@code Timeout} rule is left out: it runs the test in a thread of its own that JUnit's
 * classes start, outside the run's control, and a run's own time budget stands in for it.
 */
final class Junit4Rules {
  private static final String JUNIT4 = "org.junit.";
  private static final String STATEMENT = JUNIT4 + "runners.model.Statement";
  private static final String TEST_RULE = JUNIT4 + "rules.TestRule";
  private static final String METHOD_RULE = JUNIT4 + "rules.MethodRule";
  private static final String TIMEOUT = JUNIT4 + "rules.Timeout";

  /** Per {@code Statement} class (JUnit's, one per class path): Weft's subclass's constructor. */
  private static final Map<Class<?>, Constructor<?>> STATEMENTS = new WeakHashMap<>();

  private Junit4Rules() {}

  /** Whether {@code member} is annotated {@code @Rule} ({@code classRule}: {@code @ClassRule}). */
  static boolean isRule(Member member, boolean classRule) {
    String wanted = JUNIT4 + (classRule ? "ClassRule" : "Rule");
    for (Annotation a : ((java.lang.reflect.AnnotatedElement) member).getDeclaredAnnotations()) {
      if (a.annotationType().getName().equals(wanted)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code cls} or a superclass has a rule of either kind. */
  static boolean any(Class<?> cls) {
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (isRule(f, false) || isRule(f, true)) {
          return true;
        }
      }
      for (Method m : c.getDeclaredMethods()) {
        if (isRule(m, false) || isRule(m, true)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Runs {@code body} inside the rules of {@code cls}: its class rules when {@code test} is null
   * (static fields and methods), else the rules of {@code instance} for the test method {@code
   * test}. Throws what the statement threw.
   */
  static void run(Class<?> cls, Method test, Object instance, Callable<Void> body)
      throws Throwable {
    boolean classRules = test == null;
    ClassLoader junit = cls.getClassLoader();
    Class<?> statementType = Class.forName(STATEMENT, false, junit);
    Class<?> description = Class.forName(JUNIT4 + "runner.Description", false, junit);
    Object desc =
        classRules
            ? description.getMethod("createSuiteDescription", Class.class).invoke(null, cls)
            : description
                .getMethod("createTestDescription", Class.class, String.class, Annotation[].class)
                .invoke(null, cls, test.getName(), test.getAnnotations());
    Object statement = statement(statementType, body);
    List<Object> methodRules = new ArrayList<>();
    List<Object> testRules = new ArrayList<>();
    for (Object rule : rules(cls, instance, classRules)) {
      if (isA(rule, TIMEOUT)) {
        continue; // its thread would run the test outside the run; the run's budget stands in
      }
      boolean testRule = isA(rule, TEST_RULE);
      if (!testRule && !isA(rule, METHOD_RULE)) {
        throw new TargetException(
            cls.getName()
                + " has a rule that is no org.junit.rules.TestRule or MethodRule: "
                + rule.getClass().getName());
      }
      (testRule ? testRules : methodRules).add(rule);
    }
    // as JUnit 4's runner: method rules wrap the statement first, test rules around them
    for (Object rule : methodRules) {
      Class<?> frameworkMethod =
          Class.forName(JUNIT4 + "runners.model.FrameworkMethod", false, junit);
      Object method = frameworkMethod.getConstructor(Method.class).newInstance(test);
      statement =
          invoke(
              Class.forName(METHOD_RULE, false, junit)
                  .getMethod("apply", statementType, frameworkMethod, Object.class),
              rule,
              statement,
              method,
              instance);
    }
    for (Object rule : testRules) {
      statement =
          invoke(
              Class.forName(TEST_RULE, false, junit).getMethod("apply", statementType, description),
              rule,
              statement,
              desc);
    }
    invoke(statementType.getMethod("evaluate"), statement);
  }

  /** The values of the class's rule fields and methods, subclass first, fields before methods. */
  private static List<Object> rules(Class<?> cls, Object instance, boolean classRules)
      throws Throwable {
    List<Object> found = new ArrayList<>();
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (isRule(f, classRules) && Modifier.isStatic(f.getModifiers()) == classRules) {
          if (classRules) {
            ClassInits.ensure(c); // a read by reflection initialises the run's statics first
          }
          f.setAccessible(true);
          found.add(f.get(classRules ? null : instance));
        }
      }
    }
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (isRule(m, classRules) && Modifier.isStatic(m.getModifiers()) == classRules) {
          m.setAccessible(true);
          found.add(invoke(m, classRules ? null : instance));
        }
      }
    }
    found.removeIf(r -> r == null);
    return found;
  }

  private static boolean isA(Object rule, String typeName) {
    for (Class<?> c = rule.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getName().equals(typeName) || implementsNamed(c, typeName)) {
        return true;
      }
    }
    return false;
  }

  private static boolean implementsNamed(Class<?> c, String typeName) {
    for (Class<?> i : c.getInterfaces()) {
      if (i.getName().equals(typeName) || implementsNamed(i, typeName)) {
        return true;
      }
    }
    return false;
  }

  /** A {@code Statement} whose {@code evaluate()} calls {@code body}. */
  private static Object statement(Class<?> statementType, Callable<Void> body) throws Throwable {
    Constructor<?> ctor;
    synchronized (STATEMENTS) {
      ctor = STATEMENTS.get(statementType);
      if (ctor == null) {
        ctor = defineStatement(statementType).getConstructor(Callable.class);
        STATEMENTS.put(statementType, ctor);
      }
    }
    return ctor.newInstance(body);
  }

  /**
   * {@code class WeftStatement extends Statement { Callable body; void evaluate() { body.call(); }
   * }}, in a loader of its own below JUnit's: no run's loader, so it is never instrumented.
   */
  private static Class<?> defineStatement(Class<?> statementType) {
    String name = "dev/weft/runtime/exec/generated/WeftStatement";
    String superName = statementType.getName().replace('.', '/');
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS); // no branches: no frames
    cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, name, null, superName, null);
    cw.visitField(
            Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL,
            "body",
            "Ljava/util/concurrent/Callable;",
            null,
            null)
        .visitEnd();
    MethodVisitor init =
        cw.visitMethod(
            Opcodes.ACC_PUBLIC, "<init>", "(Ljava/util/concurrent/Callable;)V", null, null);
    init.visitCode();
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitVarInsn(Opcodes.ALOAD, 1);
    init.visitFieldInsn(Opcodes.PUTFIELD, name, "body", "Ljava/util/concurrent/Callable;");
    init.visitInsn(Opcodes.RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    MethodVisitor evaluate = cw.visitMethod(Opcodes.ACC_PUBLIC, "evaluate", "()V", null, null);
    evaluate.visitCode();
    evaluate.visitVarInsn(Opcodes.ALOAD, 0);
    evaluate.visitFieldInsn(Opcodes.GETFIELD, name, "body", "Ljava/util/concurrent/Callable;");
    evaluate.visitMethodInsn(
        Opcodes.INVOKEINTERFACE,
        "java/util/concurrent/Callable",
        "call",
        "()Ljava/lang/Object;",
        true);
    evaluate.visitInsn(Opcodes.POP);
    evaluate.visitInsn(Opcodes.RETURN);
    evaluate.visitMaxs(0, 0);
    evaluate.visitEnd();
    cw.visitEnd();
    byte[] bytes = cw.toByteArray();
    return new ClassLoader(statementType.getClassLoader()) {
      Class<?> define() {
        return defineClass(name.replace('/', '.'), bytes, 0, bytes.length);
      }
    }.define();
  }

  /** What {@code body} threw, thrown unchecked through {@code Callable.call}. */
  @SuppressWarnings("unchecked")
  static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
    throw (T) t;
  }

  private static Object invoke(Method m, Object receiver, Object... args) throws Throwable {
    try {
      m.setAccessible(true);
      return m.invoke(receiver, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
