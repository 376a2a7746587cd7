package dev.weft.runtime.instrument;

import net.bytebuddy.jar.asm.Opcodes;

/** Which {@code Hooks} method replaces each array load and store opcode. */
final class ArrayHooks {
  private ArrayHooks() {}

  static boolean isLoad(int opcode) {
    return opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD;
  }

  /**
   * {hook name, descriptor, operation label}, or null for other opcodes. Loads keep their opcode
   * (so the verifier still knows the element type) and get an {@code arrayRead} hook before them;
   * stores are replaced by a hook that performs the store.
   */
  static String[] forOpcode(int opcode) {
    switch (opcode) {
      case Opcodes.IALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read int[]"};
      case Opcodes.LALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read long[]"};
      case Opcodes.FALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read float[]"};
      case Opcodes.DALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read double[]"};
      case Opcodes.AALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read array"};
      case Opcodes.BALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read byte[]"};
      case Opcodes.CALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read char[]"};
      case Opcodes.SALOAD:
        return new String[] {"arrayRead", "(Ljava/lang/Object;II)V", "read short[]"};
      case Opcodes.IASTORE:
        return new String[] {"iastore", "([IIII)V", "write int[]"};
      case Opcodes.LASTORE:
        return new String[] {"lastore", "([JIJI)V", "write long[]"};
      case Opcodes.FASTORE:
        return new String[] {"fastore", "([FIFI)V", "write float[]"};
      case Opcodes.DASTORE:
        return new String[] {"dastore", "([DIDI)V", "write double[]"};
      case Opcodes.AASTORE:
        return new String[] {
          "aastore", "([Ljava/lang/Object;ILjava/lang/Object;I)V", "write array"
        };
      case Opcodes.BASTORE:
        return new String[] {"bastore", "(Ljava/lang/Object;III)V", "write byte[]"};
      case Opcodes.CASTORE:
        return new String[] {"castore", "([CICI)V", "write char[]"};
      case Opcodes.SASTORE:
        return new String[] {"sastore", "([SISI)V", "write short[]"};
      default:
        return null;
    }
  }
}
