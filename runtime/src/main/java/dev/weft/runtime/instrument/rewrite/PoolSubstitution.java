package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.ModelCalls;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Puts the per-run pools in place of the JDK's: {@code new ThreadPoolExecutor(...)} (and the other
 * substituted classes) and super calls of target subclasses name Weft's model subclass, and the
 * static factories ({@code Executors.new*}, {@code ForkJoinPool.commonPool()}, ...) go to the
 * models. Code of the models themselves keeps calling the JDK.
 */
final class PoolSubstitution extends Rewriter {
  PoolSubstitution(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  private boolean substitutes() {
    return ModelCalls.substitutesIn(method.className);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    if (opcode == Opcodes.NEW && substitutes()) {
      type = ModelCalls.substituteFor(type);
    }
    super.visitTypeInsn(opcode, type);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (opcode == Opcodes.INVOKESPECIAL && substitutes()) {
      owner = ModelCalls.substituteFor(owner); // new X(...), or super calls of a subclass
    }
    String model =
        opcode == Opcodes.INVOKESTATIC && substitutes()
            ? ModelCalls.redirectOwner(
                ModelCalls.declaringOwner(owner, name, method.types), name, descriptor)
            : null;
    if (model != null) {
      out().visitMethodInsn(opcode, model, name, descriptor, false);
      return;
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
  }
}
