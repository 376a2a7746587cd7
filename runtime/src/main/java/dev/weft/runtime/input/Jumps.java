package dev.weft.runtime.input;

/**
 * Whether a conditional jump is taken, from its opcode and operands, as the JVM decides it: the
 * branch hooks run before the jump, on copies of its operands, and record which way it goes.
 */
final class Jumps {
  // the JVM's opcodes (JVMS 6.5), not ASM's constants: this package does not depend on ASM
  static final int IFEQ = 153;
  static final int IFNE = 154;
  static final int IFLT = 155;
  static final int IFGE = 156;
  static final int IFGT = 157;
  static final int IFLE = 158;
  static final int IF_ICMPEQ = 159;
  static final int IF_ICMPNE = 160;
  static final int IF_ICMPLT = 161;
  static final int IF_ICMPGE = 162;
  static final int IF_ICMPGT = 163;
  static final int IF_ICMPLE = 164;

  private Jumps() {}

  static boolean unaryTaken(int opcode, int v) {
    return switch (opcode) {
      case IFEQ -> v == 0;
      case IFNE -> v != 0;
      case IFLT -> v < 0;
      case IFGE -> v >= 0;
      case IFGT -> v > 0;
      case IFLE -> v <= 0;
      default -> throw new IllegalArgumentException("not a unary jump: " + opcode);
    };
  }

  static boolean binaryTaken(int opcode, int a, int b) {
    return switch (opcode) {
      case IF_ICMPEQ -> a == b;
      case IF_ICMPNE -> a != b;
      case IF_ICMPLT -> a < b;
      case IF_ICMPGE -> a >= b;
      case IF_ICMPGT -> a > b;
      case IF_ICMPLE -> a <= b;
      default -> throw new IllegalArgumentException("not a comparing jump: " + opcode);
    };
  }
}
