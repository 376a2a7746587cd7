package dev.weft.junit;

import dev.weft.runtime.input.FuzzedInput;
import dev.weft.runtime.input.InputParameter;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
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
 *
 * <p>A {@code WeftTest} method may take the run's input, as a Jazzer fuzz target does (one {@code
 * FuzzedDataProvider} or {@code byte[]}): each controlled run passes Weft's provider over that
 * run's input, searched with the schedule. JUnit resolves parameters before it asks the interceptor
 * to invoke the method, so this extension resolves that one with an empty input, which no code
 * sees: the invocation it belongs to is skipped.
 */
public final class WeftExtension implements InvocationInterceptor, ParameterResolver {

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Executable declaring = parameter.getDeclaringExecutable();
    return declaring instanceof Method method
        && AnnotationSupport.isAnnotated(method, WeftTest.class)
        && declaring.getParameterCount() == 1
        && InputParameter.of(parameter.getParameter().getType()) != null;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return InputParameter.of(type).argument(type, new FuzzedInput(new byte[0]));
  }

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
    JupiterVersion.require();
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
