package dev.weft.runtime.instrument.calls;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Which hook each array load and store opcode gets. Loads keep their opcode (so the verifier still
 * knows the element type) and get an {@code arrayRead} hook before them; stores are replaced by a
 * hook that performs the store.
 */
public final class ArrayOpcodes {
  /** The hook of one opcode and the label of its site. */
  public record ArrayAccess(HookCall hook, String operation) {}

  private static final HookCall READ =
      new HookCall(HookClasses.ARRAYS, "arrayRead", "(Ljava/lang/Object;II)V");

  private static final Map<Integer, ArrayAccess> BY_OPCODE = new HashMap<>();

  static {
    read(Opcodes.IALOAD, "read int[]");
    read(Opcodes.LALOAD, "read long[]");
    read(Opcodes.FALOAD, "read float[]");
    read(Opcodes.DALOAD, "read double[]");
    read(Opcodes.AALOAD, "read array");
    read(Opcodes.BALOAD, "read byte[]");
    read(Opcodes.CALOAD, "read char[]");
    read(Opcodes.SALOAD, "read short[]");
    write(Opcodes.IASTORE, "iastore", "([IIII)V", "write int[]");
    write(Opcodes.LASTORE, "lastore", "([JIJI)V", "write long[]");
    write(Opcodes.FASTORE, "fastore", "([FIFI)V", "write float[]");
    write(Opcodes.DASTORE, "dastore", "([DIDI)V", "write double[]");
    write(Opcodes.AASTORE, "aastore", "([Ljava/lang/Object;ILjava/lang/Object;I)V", "write array");
    write(Opcodes.BASTORE, "bastore", "(Ljava/lang/Object;III)V", "write byte[]");
    write(Opcodes.CASTORE, "castore", "([CICI)V", "write char[]");
    write(Opcodes.SASTORE, "sastore", "([SISI)V", "write short[]");
  }

  private ArrayOpcodes() {}

  private static void read(int opcode, String operation) {
    BY_OPCODE.put(opcode, new ArrayAccess(READ, operation));
  }

  private static void write(int opcode, String hook, String descriptor, String operation) {
    BY_OPCODE.put(
        opcode, new ArrayAccess(new HookCall(HookClasses.ARRAYS, hook, descriptor), operation));
  }

  public static boolean isLoad(int opcode) {
    return opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD;
  }

  /** The hook for an array opcode, or null for other opcodes. */
  public static ArrayAccess forOpcode(int opcode) {
    return BY_OPCODE.get(opcode);
  }

  static List<HookCall> hooks() {
    return BY_OPCODE.values().stream().map(ArrayAccess::hook).distinct().toList();
  }
}
