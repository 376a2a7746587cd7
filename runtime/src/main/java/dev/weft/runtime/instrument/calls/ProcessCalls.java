package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which calls that wait for a child process become hook calls ({@code ProcessHooks}), so that the
 * wait is a call outside the run and the run's other threads (the one draining the child's output)
 * go on. Matched as {@link NetCalls} matches: by name and descriptor on any owner that is a subtype
 * of the API type; the hook decides at run time whether the JDK implements the method.
 */
final class ProcessCalls {
  private static final String PROCESS = "java/lang/Process";
  private static final String HANDLE = "java/lang/ProcessHandle";
  private static final String FUTURE = "Ljava/util/concurrent/CompletableFuture;";

  private record Entry(String api, String method, String hook) {}

  private static final List<Entry> INSTANCE =
      List.of(
          new Entry(PROCESS, "waitFor()I", "waitFor"),
          new Entry(PROCESS, "waitFor(JLjava/util/concurrent/TimeUnit;)Z", "waitForTimed"),
          new Entry(PROCESS, "onExit()" + FUTURE, "onExit"),
          new Entry(HANDLE, "onExit()" + FUTURE, "handleOnExit"));

  private ProcessCalls() {}

  static CallHooks.Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    if ((opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKEINTERFACE)
        || owner.startsWith("[")) {
      return null;
    }
    String method = name + desc;
    for (Entry e : INSTANCE) {
      if (e.method().equals(method) && types.isSubtypeOf(owner, e.api())) {
        String simple = e.api().substring(e.api().lastIndexOf('/') + 1);
        return replacement(e, desc, simple + "." + name);
      }
    }
    return null;
  }

  /** Every replacement this table can choose, for {@link HookTable#all()}. */
  static List<CallHooks.Replacement> replacements() {
    List<CallHooks.Replacement> all = new ArrayList<>();
    for (Entry e : INSTANCE) {
      all.add(replacement(e, e.method().substring(e.method().indexOf('(')), ""));
    }
    return all;
  }

  private static CallHooks.Replacement replacement(Entry e, String desc, String operation) {
    return new CallHooks.Replacement(
        HookClasses.PROCESS, e.hook(), SyncCalls.withSite(e.api(), desc), operation, true);
  }
}
