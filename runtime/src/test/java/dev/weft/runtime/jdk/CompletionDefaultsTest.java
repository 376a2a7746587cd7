package dev.weft.runtime.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Which calls on completion stages link to a run's model (and so are linked again in every run):
 * exactly those that would use the JDK's default pool or its timer thread.
 */
class CompletionDefaultsTest {
  private static MethodType call(Class<?> owner, Class<?> ret, Class<?>... params) {
    return MethodType.methodType(ret, params).insertParameterTypes(0, owner);
  }

  @Test
  void onlyDefaultPoolAndTimerCallsGoToTheRunsModel() {
    Class<?> cf = CompletableFuture.class;
    assertThat(CompletionDefaults.mayRedirect(cf, "thenApplyAsync", call(cf, cf, Function.class)))
        .isTrue();
    assertThat(
            CompletionDefaults.mayRedirect(
                CompletionStage.class,
                "thenApplyAsync",
                call(CompletionStage.class, CompletionStage.class, Function.class)))
        .isTrue();
    assertThat(
            CompletionDefaults.mayRedirect(
                cf, "thenApplyAsync", call(cf, cf, Function.class, Executor.class)))
        .as("an executor of the program's own")
        .isFalse();
    assertThat(
            CompletionDefaults.mayRedirect(
                cf, "orTimeout", call(cf, cf, long.class, TimeUnit.class)))
        .isTrue();
    assertThat(CompletionDefaults.mayRedirect(cf, "defaultExecutor", call(cf, Executor.class)))
        .isTrue();
    assertThat(CompletionDefaults.mayRedirect(cf, "thenApply", call(cf, cf, Function.class)))
        .isFalse();
    assertThat(CompletionDefaults.mayRedirect(cf, "join", call(cf, Object.class))).isFalse();
    assertThat(
            CompletionDefaults.mayRedirect(
                ArrayList.class, "addAsync", call(ArrayList.class, boolean.class, Object.class)))
        .as("not a completion stage")
        .isFalse();
  }
}
