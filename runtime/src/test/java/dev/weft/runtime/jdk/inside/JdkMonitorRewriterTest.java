package dev.weft.runtime.jdk.inside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jdk.internal.weft.Bridge;
import jdk.internal.weft.Delegate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The rewriting the instrumented JDK gets, on a class shaped like the JDK's, defined in this JVM
 * (whose own {@code java.base} is not patched, so the bridge is the copy on the class path): the
 * JVM's monitor is still taken, every enter, exit, wait and notification reaches the bridge's
 * delegate, and a synchronized method left by an exception lets its monitor go.
 */
class JdkMonitorRewriterTest {
  private final List<String> calls = Collections.synchronizedList(new ArrayList<>());

  @AfterEach
  void uninstall() {
    Bridge.install(null);
  }

  private final class Recording extends Delegate {
    @Override
    public void enter(Object lock, String where, int line) {
      calls.add("enter " + where);
    }

    @Override
    public void exited(Object lock) {
      calls.add("exited");
    }

    @Override
    public void await(Object lock, long millis, int nanos, String where, int line)
        throws InterruptedException {
      calls.add("wait " + millis + " " + where);
      super.await(lock, millis, nanos, where, line);
    }

    @Override
    public void notify(Object lock, boolean all, String where, int line) {
      calls.add((all ? "notifyAll " : "notify ") + where);
      super.notify(lock, all, where, line);
    }
  }

  private static Class<?> rewritten() throws IOException, ClassNotFoundException {
    return RewrittenSamples.rewritten(MonitorSample.class, true);
  }

  private static Object call(Object target, String method) throws Throwable {
    Method m = target.getClass().getMethod(method);
    try {
      return m.invoke(target);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  void everyMonitorOperationReachesTheDelegateAndTheJvmMonitorIsStillTaken() throws Throwable {
    Class<?> sample = rewritten();
    Object s = sample.getConstructor().newInstance();
    Bridge.install(new Recording());

    assertThat(call(s, "increment")).isEqualTo(1);
    assertThat(sample.getMethod("holdsClassLock").invoke(null)).isEqualTo(true);
    assertThat(call(s, "holdsOwnLockInBlock")).isEqualTo(true);
    assertThat(call(s, "waitBriefly")).isEqualTo(1L);

    String type = MonitorSample.class.getName();
    assertThat(calls)
        .containsExactly(
            "enter " + type + ".increment",
            "exited",
            "enter " + type + ".holdsClassLock",
            "exited",
            "enter " + type + ".holdsOwnLockInBlock",
            "exited",
            "enter " + type + ".waitBriefly",
            "wait 1 " + type + ".waitBriefly",
            "notify " + type + ".waitBriefly",
            "notifyAll " + type + ".waitBriefly",
            "exited");
  }

  @Test
  void aSynchronizedMethodLeftByAnExceptionLetsItsMonitorGo() throws Throwable {
    Class<?> sample = rewritten();
    Object s = sample.getConstructor().newInstance();
    Bridge.install(new Recording());

    assertThatThrownBy(() -> call(s, "throwInside")).isInstanceOf(IllegalStateException.class);
    assertThat(calls).endsWith("exited");
    // another thread can take the monitor: the JVM's was released too
    assertThat(
            CompletableFuture.supplyAsync(
                    () -> {
                      try {
                        return call(s, "increment");
                      } catch (Throwable e) {
                        throw new IllegalStateException(e);
                      }
                    })
                .get(10, TimeUnit.SECONDS))
        .isEqualTo(1);
  }

  @Test
  void aClassThatTakesNoMonitorIsLeftAsItIs() throws IOException {
    try (InputStream in = getClass().getResourceAsStream("RewrittenJdkClasses.class")) {
      assertThat(InstrumentedJdk.rewrite(in.readAllBytes(), true)).isNull();
    }
    assertThat(RewrittenJdkClasses.rewritesMonitors("java/util/Observable")).isTrue();
    assertThat(RewrittenJdkClasses.rewritesMonitors("java/lang/Thread")).isFalse();
    assertThat(RewrittenJdkClasses.rewritesMonitors("java/lang/ref/ReferenceQueue")).isFalse();
    assertThat(RewrittenJdkClasses.rewritesMonitors("java/util/concurrent/ConcurrentHashMap"))
        .isFalse();
    assertThat(RewrittenJdkClasses.rewritesMonitors("java/io/PipedInputStream")).isTrue();
    // java.util.concurrent: its parks only, and LockSupport is the park itself
    assertThat(RewrittenJdkClasses.rewritesCalls("java/util/concurrent/ForkJoinTask")).isTrue();
    assertThat(RewrittenJdkClasses.rewritesCalls("java/util/concurrent/locks/LockSupport"))
        .isFalse();
    assertThat(RewrittenJdkClasses.rewritesCalls("java/lang/Thread")).isFalse();
  }
}
