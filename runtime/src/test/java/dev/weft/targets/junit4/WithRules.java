package dev.weft.targets.junit4;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import java.io.File;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.ExpectedException;
import org.junit.rules.ExternalResource;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.TestName;
import org.junit.rules.Timeout;

/**
 * A JUnit 4 class with the common rules: a class rule, a temporary folder, the test's name,
 * expected exceptions and a time-out. The race's message shows what the rules gave the test.
 */
public class WithRules {
  static StringBuilder log;

  @ClassRule
  public static final ExternalResource CLASS_LOG =
      new ExternalResource() {
        @Override
        protected void before() {
          log = new StringBuilder("classRule");
        }
      };

  @Rule public TemporaryFolder folder = new TemporaryFolder();
  @Rule public TestName name = new TestName();
  @Rule public ExpectedException thrown = ExpectedException.none();
  @Rule public Timeout timeout = Timeout.seconds(30);

  private int count;

  @Test
  public void concurrentCounts() throws Exception {
    File file = folder.newFile("counts"); // throws unless the folder rule ran before the test
    // a Timeout rule would run the test in a thread of its own
    assertNotEquals("Time-limited test", Thread.currentThread().getName());
    Thread a = new Thread(() -> count++, "a");
    Thread b = new Thread(() -> count++, "b");
    a.start();
    b.start();
    a.join();
    b.join();
    assertEquals(log + " " + name.getMethodName() + " " + file.exists(), 2, count);
  }

  /** The class rule set the log up in this run. */
  @Test
  public void theClassRuleRanFirst() {
    assertEquals("classRule", String.valueOf(log));
  }

  @Test
  public void overdraftIsRefused() {
    thrown.expect(IllegalStateException.class);
    thrown.expectMessage("overdraft");
    throw new IllegalStateException("overdraft");
  }

  @Test
  public void expectsAnExceptionThatNeverComes() {
    thrown.expect(IllegalStateException.class);
  }
}
