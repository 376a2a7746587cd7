package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import dev.weft.runtime.instrument.calls.ResourceCalls;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Hands the result of each call that opens a file, a channel, a lock or a process ({@link
 * ResourceCalls#callOpens}) to the run, which gives it back when it ends. The call itself goes on
 * down the chain (a JDK call may become an access site); the note follows it in the class writer.
 * Constructors are {@link AllocationNaming}'s: it alone knows whether a new object is still on the
 * stack after its constructor.
 */
final class ResourceOpenings extends Rewriter {
  ResourceOpenings(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    if (opcode != Opcodes.INVOKESPECIAL
        && descriptor.endsWith(";")
        && ResourceCalls.callOpens(opcode == Opcodes.INVOKESTATIC, owner, name)) {
      out().visitInsn(Opcodes.DUP);
      emit(HookTable.RESOURCE_TAKEN);
    }
  }
}
