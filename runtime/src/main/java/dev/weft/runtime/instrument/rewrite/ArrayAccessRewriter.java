package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.ArrayOpcodes;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Array element accesses: a load keeps its opcode (so the verifier still knows the element type)
 * with an {@code arrayRead} point before it; a store is replaced by a hook that performs it.
 */
final class ArrayAccessRewriter extends Rewriter {
  ArrayAccessRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitInsn(int opcode) {
    ArrayOpcodes.ArrayAccess array = ArrayOpcodes.forOpcode(opcode);
    if (array == null) {
      super.visitInsn(opcode);
      return;
    }
    if (ArrayOpcodes.isLoad(opcode)) {
      out().visitInsn(Opcodes.DUP2);
      pushSite(array.operation());
      emit(array.hook());
      out().visitInsn(opcode);
    } else {
      pushSite(array.operation());
      emit(array.hook());
    }
  }
}
