package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * {@code Atomic*FieldUpdater.newUpdater(holder, [type,] name)}: the call stays here (the factory
 * checks its caller's access to the field), with the holder and name noted just before it and the
 * new updater reported just after, so the updater's accesses become accesses of that field.
 */
final class FieldUpdaterNotes extends Rewriter {
  FieldUpdaterNotes(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  static boolean isFactory(int opcode, String owner, String name) {
    return opcode == Opcodes.INVOKESTATIC
        && owner.startsWith("java/util/concurrent/atomic/Atomic")
        && owner.endsWith("FieldUpdater")
        && name.equals("newUpdater");
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (!isFactory(opcode, owner, name)) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    MethodVisitor out = out();
    if (Type.getArgumentTypes(descriptor).length == 2) {
      out.visitInsn(Opcodes.DUP2); // holder, name, holder, name
      emit(HookTable.UPDATER_FIELD);
    } else {
      // holder, type, name -> note(holder, name) and back to holder, type, name
      out.visitInsn(Opcodes.SWAP);
      out.visitInsn(Opcodes.DUP_X2);
      out.visitInsn(Opcodes.POP);
      out.visitInsn(Opcodes.DUP2);
      emit(HookTable.UPDATER_FIELD);
      out.visitInsn(Opcodes.DUP_X2);
      out.visitInsn(Opcodes.POP);
      out.visitInsn(Opcodes.SWAP);
      out.visitInsn(Opcodes.DUP2_X1);
      out.visitInsn(Opcodes.POP2);
    }
    out.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    out.visitInsn(Opcodes.DUP);
    emit(HookTable.UPDATER_CREATED);
  }
}
