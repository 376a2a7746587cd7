package dev.weft.runtime.instrument.calls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Which calls on {@code ThreadLocalRandom.current()} become hook calls ({@code RandomHooks}): its
 * seeds come from a process-wide counter and the carrier thread, so a run's draws through it would
 * differ from its replay's; a run's thread draws from the run's stream instead. Matched on the
 * owner {@code ThreadLocalRandom} as the call site names it.
 */
final class RandomCalls {
  private static final String OWNER = "java/util/concurrent/ThreadLocalRandom";

  /** Method name and descriptor, to the hook's name. */
  private static final Map<String, String> METHODS = new TreeMap<>();

  static {
    METHODS.put("nextInt()I", "nextInt");
    METHODS.put("nextInt(I)I", "nextIntBelow");
    METHODS.put("nextInt(II)I", "nextIntBetween");
    METHODS.put("nextLong()J", "nextLong");
    METHODS.put("nextLong(J)J", "nextLongBelow");
    METHODS.put("nextLong(JJ)J", "nextLongBetween");
    METHODS.put("nextDouble()D", "nextDouble");
    METHODS.put("nextDouble(D)D", "nextDoubleBelow");
    METHODS.put("nextDouble(DD)D", "nextDoubleBetween");
    METHODS.put("nextBoolean()Z", "nextBoolean");
    METHODS.put("nextFloat()F", "nextFloat");
    METHODS.put("nextGaussian()D", "nextGaussian");
    METHODS.put("nextBytes([B)V", "nextBytes");
  }

  private RandomCalls() {}

  static CallHooks.Replacement replacementFor(int opcode, String owner, String name, String desc) {
    if (opcode != Opcodes.INVOKEVIRTUAL || !owner.equals(OWNER)) {
      return null;
    }
    String hook = METHODS.get(name + desc);
    return hook == null ? null : replacement(hook, desc, "ThreadLocalRandom." + name);
  }

  static List<CallHooks.Replacement> replacements() {
    List<CallHooks.Replacement> all = new ArrayList<>();
    METHODS.forEach((m, hook) -> all.add(replacement(hook, m.substring(m.indexOf('(')), "")));
    return all;
  }

  private static CallHooks.Replacement replacement(String hook, String desc, String operation) {
    StringBuilder b = new StringBuilder("(L").append(OWNER).append(';');
    for (Type arg : Type.getArgumentTypes(desc)) {
      b.append(arg.getDescriptor());
    }
    String hookDesc = b.append(')').append(Type.getReturnType(desc).getDescriptor()).toString();
    return new CallHooks.Replacement(HookClasses.RANDOM, hook, hookDesc, operation, false);
  }
}
