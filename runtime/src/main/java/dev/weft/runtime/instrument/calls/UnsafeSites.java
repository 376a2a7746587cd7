package dev.weft.runtime.instrument.calls;

import java.util.List;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which calls of target code on {@code sun.misc.Unsafe} are memory accesses (through {@code
 * dev.weft.runtime.jdk.handles.UnsafeCalls}) or tell which field an offset stands for (through
 * {@code UnsafeOffsets}). Older libraries build their atomics on {@code Unsafe}; without these a
 * lost update through {@code getIntVolatile}/{@code putIntVolatile} would have no scheduling point.
 */
public final class UnsafeSites {
  private static final String UNSAFE = "sun/misc/Unsafe";

  /** Accesses address memory by an object and an offset (raw addresses have no object). */
  private static final String ADDRESSED = "(Ljava/lang/Object;J";

  private static final String OFFSET_DESC = "(Ljava/lang/reflect/Field;)J";

  public static final Handle BOOTSTRAP =
      new Handle(
          Opcodes.H_INVOKESTATIC,
          HookClasses.UNSAFE,
          "bootstrap",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
              + "Ljava/lang/invoke/MethodType;I)Ljava/lang/invoke/CallSite;",
          false);

  /**
   * {@code (field, offset) -> offset}, after {@code objectFieldOffset}/{@code staticFieldOffset}.
   */
  public static final HookCall FIELD_OFFSET =
      new HookCall(HookClasses.UNSAFE, "fieldOffset", "(Ljava/lang/reflect/Field;J)J");

  private UnsafeSites() {}

  /** Whether the call reads or writes memory at an {@code (object, offset)} address. */
  public static boolean isAccess(int opcode, String owner, String name, String desc) {
    return opcode == Opcodes.INVOKEVIRTUAL
        && owner.equals(UNSAFE)
        && desc.startsWith(ADDRESSED)
        && (name.startsWith("get") || name.startsWith("put") || name.startsWith("compareAndSwap"));
  }

  /** Whether the call returns the offset of a field. */
  public static boolean isFieldOffset(int opcode, String owner, String name, String desc) {
    return opcode == Opcodes.INVOKEVIRTUAL
        && owner.equals(UNSAFE)
        && (name.equals("objectFieldOffset") || name.equals("staticFieldOffset"))
        && desc.equals(OFFSET_DESC);
  }

  static List<HookCall> hooks() {
    return List.of(
        new HookCall(BOOTSTRAP.getOwner(), BOOTSTRAP.getName(), BOOTSTRAP.getDesc()), FIELD_OFFSET);
  }
}
