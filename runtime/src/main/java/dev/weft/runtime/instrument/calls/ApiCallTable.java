package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A table of instance calls on JDK API types that become calls of one hook class, matched by name
 * and descriptor on any owner that is a subtype of the entry's API type ({@code socket.read} on a
 * subclass of {@code Socket} too); the hook decides at run time whether the JDK implements the
 * method. The synchronisers', the sockets' and the processes' instance calls are such tables.
 */
final class ApiCallTable {
  /** A call: the API type that declares it, its name and descriptor, and the hook replacing it. */
  record Entry(String api, String method, String hookClass, String hook) {}

  private final List<Entry> entries;
  private final Map<String, List<Entry>> byMethod = new HashMap<>();

  ApiCallTable(List<Entry> entries) {
    this.entries = entries;
    for (Entry e : entries) {
      byMethod.computeIfAbsent(e.method(), k -> new ArrayList<>()).add(e);
    }
  }

  /** The hook call that replaces this call, or null. */
  CallHooks.Replacement replacementFor(
      int opcode, String owner, String name, String desc, TypeHierarchy types) {
    if (opcode != Opcodes.INVOKEVIRTUAL && opcode != Opcodes.INVOKEINTERFACE) {
      return null;
    }
    List<Entry> candidates = byMethod.get(name + desc);
    if (candidates == null || owner.startsWith("[")) {
      return null;
    }
    for (Entry e : candidates) {
      if (types.isSubtypeOf(owner, e.api())) {
        String simple = e.api().substring(e.api().lastIndexOf('/') + 1);
        return replacement(e, desc, simple + "." + name);
      }
    }
    return null;
  }

  /** Every replacement this table can choose, for {@link HookTable#all()}. */
  List<CallHooks.Replacement> replacements() {
    List<CallHooks.Replacement> all = new ArrayList<>();
    for (Entry e : entries) {
      all.add(replacement(e, e.method().substring(e.method().indexOf('(')), ""));
    }
    return all;
  }

  private static CallHooks.Replacement replacement(Entry e, String desc, String operation) {
    return new CallHooks.Replacement(
        e.hookClass(), e.hook(), SyncCalls.withSite(e.api(), desc), operation, true);
  }
}
