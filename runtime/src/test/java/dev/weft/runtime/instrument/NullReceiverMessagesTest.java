package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.NullReceivers;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/** A rewritten call on a null receiver fails exactly as the original call would. */
class NullReceiverMessagesTest {
  @Test
  void messagesAreTheJvmsOwn() throws Exception {
    System.clearProperty(NullReceivers.PROPERTY);
    try (URLClassLoader plain =
        new URLClassLoader(
            new URL[] {Harness.testTargetsPath().toUri().toURL()},
            ClassLoader.getPlatformClassLoader())) {
      plain.loadClass(NullReceivers.class.getName()).getMethod("collectMessages").invoke(null);
    }
    String expected = System.getProperty(NullReceivers.PROPERTY);
    assertThat(expected).contains("Cannot invoke \"Object.toString()\"");

    System.clearProperty(NullReceivers.PROPERTY);
    RunResult r =
        Harness.executor(
                TargetSpec.method(NullReceivers.class.getName() + "::collectMessages"),
                RunBudget.DEFAULT)
            .execute(new RandomWalk(1), 1);
    assertThat(r.outcome())
        .as("%s %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    assertThat(System.getProperty(NullReceivers.PROPERTY)).isEqualTo(expected);
  }
}
