package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookCall;
import dev.weft.runtime.instrument.calls.JdkCallSites;
import dev.weft.runtime.instrument.calls.VarHandleSites;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * {@code VarHandle}s ({@link VarHandleSites}): each access becomes an {@code invokedynamic} call
 * site with the same operands that takes a scheduling point before it; each factory call of a
 * {@code Lookup} becomes a hook that makes the same call (a lookup's access checks are its own, not
 * its caller's) and notes which field the new handle stands for; a handle derived with other
 * invocation behaviour is noted as standing for the same field.
 */
final class VarHandleRewriter extends Rewriter {
  VarHandleRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (method.invokeDynamic && VarHandleSites.isAccess(opcode, owner, name)) {
      out()
          .visitInvokeDynamicInsn(
              name,
              JdkCallSites.indyDescriptor(owner, descriptor),
              VarHandleSites.BOOTSTRAP,
              method.site("VarHandle." + name));
      return;
    }
    HookCall factory = VarHandleSites.factory(opcode, owner, name, descriptor);
    if (factory != null) {
      emit(factory);
      return;
    }
    if (VarHandleSites.isDerivation(opcode, owner, name, descriptor)) {
      out().visitInsn(Opcodes.DUP);
      out().visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      emit(VarHandleSites.DERIVED);
      return;
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
  }
}
