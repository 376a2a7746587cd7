package dev.weft.runtime.instrument.calls;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which calls make or use a {@code VarHandle} (through {@code
 * dev.weft.runtime.jdk.handles.VarHandleCalls} and {@code VarHandles}). A handle access is a
 * signature-polymorphic call that reads or writes a field or an array element without any field or
 * array instruction, so without these a lost update through {@code getVolatile}/{@code setVolatile}
 * would have no scheduling point at all.
 */
public final class VarHandleSites {
  private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
  private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";
  private static final String VAR_HANDLE_DESC = "Ljava/lang/invoke/VarHandle;";
  private static final String FIND_DESC =
      "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)" + VAR_HANDLE_DESC;
  private static final String UNREFLECT_DESC = "(Ljava/lang/reflect/Field;)" + VAR_HANDLE_DESC;

  public static final Handle BOOTSTRAP =
      new Handle(
          Opcodes.H_INVOKESTATIC,
          HookClasses.VAR_HANDLES,
          "bootstrap",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
              + "Ljava/lang/invoke/MethodType;I)Ljava/lang/invoke/CallSite;",
          false);

  /** The factories of target code, replaced by hooks that call them and note the variable. */
  public static final HookCall FIND_VAR_HANDLE =
      new HookCall(HookClasses.VAR_HANDLES, "findVarHandle", withLookup(FIND_DESC));

  public static final HookCall FIND_STATIC_VAR_HANDLE =
      new HookCall(HookClasses.VAR_HANDLES, "findStaticVarHandle", withLookup(FIND_DESC));
  public static final HookCall UNREFLECT_VAR_HANDLE =
      new HookCall(HookClasses.VAR_HANDLES, "unreflectVarHandle", withLookup(UNREFLECT_DESC));

  /** {@code (original, derived) -> derived}, after {@code withInvoke[Exact]Behavior()}. */
  public static final HookCall DERIVED =
      new HookCall(
          HookClasses.VAR_HANDLES,
          "derived",
          "(" + VAR_HANDLE_DESC + VAR_HANDLE_DESC + ")" + VAR_HANDLE_DESC);

  private static final Set<String> ACCESS_MODES =
      Arrays.stream(VarHandle.AccessMode.values())
          .map(VarHandle.AccessMode::methodName)
          .collect(Collectors.toUnmodifiableSet());

  private VarHandleSites() {}

  private static String withLookup(String desc) {
    return "(L" + LOOKUP + ";" + desc.substring(1);
  }

  /** Whether the call is an access through a handle (its method is an access mode's). */
  public static boolean isAccess(int opcode, String owner, String name) {
    return opcode == Opcodes.INVOKEVIRTUAL
        && owner.equals(VAR_HANDLE)
        && ACCESS_MODES.contains(name);
  }

  /** The hook that replaces a handle factory call of target code, or null. */
  public static HookCall factory(int opcode, String owner, String name, String desc) {
    if (opcode != Opcodes.INVOKEVIRTUAL || !owner.equals(LOOKUP)) {
      return null;
    }
    if (desc.equals(FIND_DESC)) {
      if (name.equals("findVarHandle")) {
        return FIND_VAR_HANDLE;
      }
      if (name.equals("findStaticVarHandle")) {
        return FIND_STATIC_VAR_HANDLE;
      }
    }
    return name.equals("unreflectVarHandle") && desc.equals(UNREFLECT_DESC)
        ? UNREFLECT_VAR_HANDLE
        : null;
  }

  /** Whether the call returns a handle on the receiver's variable with other behaviour. */
  public static boolean isDerivation(int opcode, String owner, String name, String desc) {
    return opcode == Opcodes.INVOKEVIRTUAL
        && owner.equals(VAR_HANDLE)
        && (name.equals("withInvokeExactBehavior") || name.equals("withInvokeBehavior"))
        && desc.equals("()" + VAR_HANDLE_DESC);
  }

  static List<HookCall> hooks() {
    return List.of(
        new HookCall(BOOTSTRAP.getOwner(), BOOTSTRAP.getName(), BOOTSTRAP.getDesc()),
        FIND_VAR_HANDLE,
        FIND_STATIC_VAR_HANDLE,
        UNREFLECT_VAR_HANDLE,
        DERIVED);
  }
}
