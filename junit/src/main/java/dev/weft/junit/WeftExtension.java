package dev.weft.junit;

import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Runs a {@link WeftTest} method under Weft instead of once: JUnit's own invocation is skipped and
 * the method is loaded, with its class, by Weft's instrumenting loader from the test run's class
 * path and run there many times, each run with its own instance and its own {@code @BeforeEach} and
 * {@code @AfterEach} calls. The instance JUnit made stays unused, and JUnit's calls of {@code
 * BeforeEach} and {@code AfterEach} methods for it are skipped, so that set-up with side effects (a
 * file, a port) happens only inside the controlled runs. JUnit's classes and this extension are
 * never instrumented.
 */
public final class WeftExtension implements InvocationInterceptor {

  @Override
  public void interceptTestMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    Optional<WeftTest> weft = weftTest(context);
    if (weft.isEmpty()) {
      invocation.proceed();
      return;
    }
    invocation.skip();
    Class<?> testClass = context.getRequiredTestClass();
    Method method = invocationContext.getExecutable();
    WeftTestSettings settings =
        WeftTestSettings.resolve(
            weft.get(), testClass.getName(), method.getName(), context::getConfigurationParameter);
    new WeftTestRun(testClass.getName(), method.getName(), settings, System.err).run();
  }

  @Override
  public void interceptBeforeEachMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    skipForWeftTests(invocation, context);
  }

  @Override
  public void interceptAfterEachMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    skipForWeftTests(invocation, context);
  }

  private static void skipForWeftTests(Invocation<Void> invocation, ExtensionContext context)
      throws Throwable {
    if (weftTest(context).isPresent()) {
      invocation.skip(); // it runs inside every controlled run instead
    } else {
      invocation.proceed();
    }
  }

  private static Optional<WeftTest> weftTest(ExtensionContext context) {
    return context
        .getTestMethod()
        .flatMap(m -> AnnotationSupport.findAnnotation(m, WeftTest.class));
  }
}
