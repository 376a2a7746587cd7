package dev.weft.runtime.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sample of {@code scripts/check-instrumentation} the build runs: every class of two libraries
 * on the class path and of this module's test classes (among them the targets written to exercise
 * the rewrites) is instrumented as for a target and passes the JVM's verifier.
 */
class InstrumentationCheckTest {
  private static Path codeSource(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  @Test
  void everyClassOfTheSampleVerifiesAfterInstrumentation() throws Exception {
    List<Path> sample =
        List.of(
            codeSource(org.slf4j.Logger.class),
            codeSource(org.junit.jupiter.api.Test.class),
            Harness.testTargetsPath());

    List<InstrumentationCheck.JarReport> reports = InstrumentationCheck.check(sample);

    assertThat(reports).hasSize(3);
    for (InstrumentationCheck.JarReport r : reports) {
      assertThat(r.classes()).as("%s", r.jar()).isPositive();
      assertThat(r.instrumented()).as("%s", r.jar()).isPositive();
      assertThat(r.verifyErrors()).as("%s", r.jar()).isEmpty();
    }
  }
}
