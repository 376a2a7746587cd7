package dev.weft.runtime.jdk.inside;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import jdk.internal.weft.Bridge;
import jdk.internal.weft.Delegate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The instrumented JDK's parks, unparks and forks, on a class shaped like the JDK's, defined in
 * this JVM (whose own {@code java.base} is not patched, so the bridge is the copy on the class
 * path): each call reaches the bridge's delegate with its place, and the JVM's behaviour is kept
 * behind it. Forks are rewritten only where monitors are (outside {@code java.util.concurrent}).
 */
class JdkCallRewriterTest {
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

  @AfterEach
  void uninstall() {
    Bridge.install(null);
  }

  private final class Recording extends Delegate {
    @Override
    public void park(Object blocker, long time, boolean deadline, String where, int line) {
      calls.add((time < 0 ? "park " : "parkNanos " + time + " ") + where);
      super.park(blocker, time, deadline, where, line);
    }

    @Override
    public void unpark(Thread thread, String where, int line) {
      calls.add("unpark " + where);
      super.unpark(thread, where, line);
    }

    @Override
    public ForkJoinTask<?> fork(ForkJoinTask<?> task, String where, int line) {
      calls.add("fork " + where + ":" + (line > 0));
      return super.fork(task, where, line);
    }
  }

  private static Class<?> rewritten(boolean monitors) throws Exception {
    return RewrittenSamples.rewritten(ParkSample.class, monitors);
  }

  @Test
  void parksAndUnparksReachTheDelegateAndStillPark() throws Exception {
    Class<?> sample = rewritten(false);
    Object s = sample.getConstructor().newInstance();
    Bridge.install(new Recording());
    sample.getMethod("parkAfterOwnUnpark").invoke(s); // returns: the JVM's permit was given

    String where = ParkSample.class.getName() + ".parkAfterOwnUnpark";
    assertThat(calls)
        .containsExactly("unpark " + where, "park " + where, "parkNanos 1000 " + where);
  }

  @Test
  void aForkOfAForkJoinTaskReachesTheDelegateWhereMonitorsAreRewritten() throws Exception {
    Class<?> sample = rewritten(true);
    Object s = sample.getConstructor().newInstance();
    Bridge.install(new Recording());
    assertThat(sample.getMethod("forkAndJoin").invoke(s)).isEqualTo(1);
    assertThat(calls).containsExactly("fork " + ParkSample.class.getName() + ".forkAndJoin:true");

    calls.clear();
    Class<?> parksOnly = rewritten(false);
    assertThat(parksOnly.getMethod("forkAndJoin").invoke(parksOnly.getConstructor().newInstance()))
        .isEqualTo(1);
    assertThat(calls).isEmpty();
  }

  @Test
  void theTaskRunnerIsWrittenForThisJdksForkJoinTask() throws IOException {
    assertThat(TaskRunnerClass.bytes()).as("this JDK's ForkJoinTask has doExec").isNotNull();
  }
}
