package dev.weft.runtime.instrument.calls;

import dev.weft.runtime.instrument.calls.ApiCallTable.Entry;
import java.util.List;

/**
 * Which calls that wait for a child process become hook calls ({@code ProcessHooks}), so that the
 * wait is a call outside the run and the run's other threads (the one draining the child's output)
 * go on. An {@link ApiCallTable}, as the socket calls are.
 */
final class ProcessCalls {
  private static final String PROCESS = "java/lang/Process";
  private static final String HANDLE = "java/lang/ProcessHandle";
  private static final String FUTURE = "Ljava/util/concurrent/CompletableFuture;";

  static final ApiCallTable TABLE =
      new ApiCallTable(
          List.of(
              entry(PROCESS, "waitFor()I", "waitFor"),
              entry(PROCESS, "waitFor(JLjava/util/concurrent/TimeUnit;)Z", "waitForTimed"),
              entry(PROCESS, "onExit()" + FUTURE, "onExit"),
              entry(HANDLE, "onExit()" + FUTURE, "handleOnExit")));

  private ProcessCalls() {}

  private static Entry entry(String api, String method, String hook) {
    return new Entry(api, method, HookClasses.PROCESS, hook);
  }
}
