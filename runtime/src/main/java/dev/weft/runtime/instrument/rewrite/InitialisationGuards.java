package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Before every instruction that may initialise another target class ({@code new}, a static call, a
 * static field read or write), asks whether another controlled thread is running that class's
 * initialiser, so that the thread waits under Weft's control rather than on the JVM's
 * initialisation lock, outside its sight. The class asked about is the one the JVM initialises: the
 * one that declares the field or method, not the one the code names (when the code may not name
 * that class, a package-private superclass of another package, it is found by name).
 */
final class InitialisationGuards extends Rewriter {
  InitialisationGuards(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitTypeInsn(int opcode, String type) {
    if (opcode == Opcodes.NEW) {
      guard(type, type);
    }
    super.visitTypeInsn(opcode, type);
  }

  @Override
  public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
    if ((opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC) && isOther(owner)) {
      guard(owner, method.types.resolveField(owner, name).declaringClass());
    }
    super.visitFieldInsn(opcode, owner, name, descriptor);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (opcode == Opcodes.INVOKESTATIC && isOther(owner)) {
      String declaring = isInterface ? owner : method.types.implementer(owner, name, descriptor);
      guard(owner, declaring.isEmpty() ? owner : declaring);
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
  }

  private boolean isOther(String owner) {
    return !owner.equals(method.className) && method.types.isTargetClass(owner);
  }

  /**
   * A guard for {@code type}, which the instruction naming {@code owner} initialises; by name, with
   * the owner's loader, when this class may not name the type itself.
   */
  private void guard(String owner, String type) {
    // before class constants (version 49) only Class.forName could name it, which initialises it
    if (!method.classConstants || !isOther(type)) {
      return;
    }
    if (type.equals(owner) || method.types.accessibleFrom(type, method.className)) {
      out().visitLdcInsn(Type.getObjectType(type));
      emit(HookTable.BEFORE_INITIALISING_USE);
    } else {
      out().visitLdcInsn(Type.getObjectType(owner));
      out().visitLdcInsn(type);
      emit(HookTable.BEFORE_INITIALISING_USE_NAMED);
    }
  }
}
