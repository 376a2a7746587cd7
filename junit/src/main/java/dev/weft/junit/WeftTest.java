package dev.weft.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JUnit 5 test that Weft runs many times under its controlled scheduler, each time with another
 * interleaving of the threads the test starts, instead of once as the JVM happens to schedule it. A
 * concurrency bug then fails the test with the interleaving that shows it, and the same
 * interleaving is saved beside the tests, replayed first by every later run of the test, so that a
 * bug once found stays found until it is fixed.
 *
 * <p>The method takes no parameters; it starts threads, joins them and asserts, as it would under
 * plain JUnit. Its class's {@code @BeforeEach} and {@code @AfterEach} methods, and its static
 * {@code @BeforeAll} and {@code @AfterAll} methods, run inside every controlled execution, on a
 * fresh instance and fresh static state. Every attribute can be overridden from outside the code by
 * the configuration parameter {@code weft.<attribute>} (a system property or {@code
 * junit-platform.properties}), so that CI can raise a budget without a code change.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(WeftExtension.class)
public @interface WeftTest {
  /** Most executions (default 1,000; 0: no limit but {@link #time()}). */
  long iterations() default -1;

  /** Most time spent searching, e.g. {@code "30s"}, {@code "5m"} (default 10 s). */
  String time() default "";

  /** Search strategy, as {@code weft run --strategy} (default segment). */
  String strategy() default "";

  /** Random seed (default: derived from the test's class and method names, so a run repeats). */
  long seed() default Long.MIN_VALUE;

  /** PCT bug depth, as {@code weft run --depth} (default 3). */
  int depth() default -1;

  /**
   * Where findings are saved and replayed from: {@code <findings>/<class>/<method>/} (default
   * {@code src/test/resources/weft}, relative to the directory the tests run in).
   */
  String findings() default "";
}
