package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.JdkCallSites;
import dev.weft.runtime.instrument.calls.UnsafeSites;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * {@code sun.misc.Unsafe} ({@link UnsafeSites}): each access of an {@code (object, offset)} address
 * becomes an {@code invokedynamic} call site with the same operands that takes a scheduling point
 * before it; each field offset target code asks for is reported with its field, so that accesses at
 * that offset are accesses of the field.
 */
final class UnsafeRewriter extends Rewriter {
  UnsafeRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (method.invokeDynamic && UnsafeSites.isAccess(opcode, owner, name, descriptor)) {
      out()
          .visitInvokeDynamicInsn(
              name,
              JdkCallSites.indyDescriptor(owner, descriptor),
              UnsafeSites.BOOTSTRAP,
              method.site("Unsafe." + name));
      return;
    }
    if (UnsafeSites.isFieldOffset(opcode, owner, name, descriptor)) {
      out().visitInsn(Opcodes.DUP_X1); // unsafe, field -> field, unsafe, field
      out().visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      emit(UnsafeSites.FIELD_OFFSET);
      return;
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
  }
}
