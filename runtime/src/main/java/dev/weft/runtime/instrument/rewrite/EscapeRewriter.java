package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.CallEscapes;
import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Tells the run's local objects where target code lets references go besides stores ({@link
 * CallEscapes}): the arguments of calls into code Weft does not instrument and of {@code
 * invokedynamic} captures escape, a copy the JDK makes is born local, and a value a callback of the
 * JDK ({@code Supplier.get}, a lambda body) returns escapes. It sees every call as written, before
 * the rewriters that replace calls with hooks. Arguments below the top of the stack are held in
 * local slots past those the method uses while they are looked at.
 */
final class EscapeRewriter extends Rewriter {
  /** Whether calls, captures and returns are marked: only runs that track local objects ask. */
  private final boolean marks;

  EscapeRewriter(MethodVisitor next, MethodContext method, boolean marks) {
    super(next, method);
    this.marks = marks;
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    CallEscapes.Plan plan = CallEscapes.plan(opcode, owner, name, descriptor, method.types);
    if (plan.arraycopy()) {
      emit(HookTable.ARRAYCOPY);
      return;
    }
    if (!marks) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    if (plan.escaping().length > 0) {
      Type[] operands = operands(opcode, owner, name, descriptor);
      letGo(operands, plan.escaping(), plan.receiverMethod());
    }
    super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    if (plan.copiesResult()) {
      out().visitInsn(Opcodes.DUP);
      emit(HookTable.COPIED);
    } else if (plan.viewResult()) {
      out().visitInsn(Opcodes.DUP);
      emit(HookTable.VIEW_MADE);
    }
  }

  @Override
  public void visitInvokeDynamicInsn(
      String name, String descriptor, Handle bootstrap, Object... arguments) {
    CallEscapes.Plan plan = CallEscapes.dynamic(bootstrap.getOwner(), descriptor, method.types);
    if (marks && plan.escaping().length > 0) {
      letGo(Type.getArgumentTypes(descriptor), plan.escaping(), null);
    }
    super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
  }

  @Override
  public void visitInsn(int opcode) {
    if (opcode == Opcodes.ARETURN && method.returnEscapes && marks) {
      out().visitInsn(Opcodes.DUP);
      emit(HookTable.ESCAPE);
    } else if (opcode == Opcodes.RETURN && method.isClassInit) {
      out().visitLdcInsn(method.className);
      emit(HookTable.CLASS_INITIALISED);
    }
    super.visitInsn(opcode);
  }

  /** The call's operands on the stack, receiver first (not an uninitialised one). */
  private static Type[] operands(int opcode, String owner, String name, String descriptor) {
    Type[] arguments = Type.getArgumentTypes(descriptor);
    if (opcode == Opcodes.INVOKESTATIC || name.equals("<init>")) {
      return arguments;
    }
    Type[] all = new Type[arguments.length + 1];
    all[0] = Type.getObjectType(owner);
    System.arraycopy(arguments, 0, all, 1, arguments.length);
    return all;
  }

  /**
   * Emits an escape for each operand marked, leaving the stack as it was; the receiver's is decided
   * at run time if {@code receiverMethod} names the method the call runs.
   */
  private void letGo(Type[] operands, boolean[] escaping, String receiverMethod) {
    int last = operands.length - 1;
    int marked = 0;
    for (boolean e : escaping) {
      marked += e ? 1 : 0;
    }
    if (marked == 0) {
      return;
    }
    MethodVisitor out = out();
    if (marked == 1 && escaping[last]) {
      out.visitInsn(Opcodes.DUP);
      escape(last == 0 ? receiverMethod : null);
      return;
    }
    int[] slots = new int[operands.length];
    int next = method.firstFreeLocal;
    for (int i = 0; i < operands.length; i++) {
      slots[i] = next;
      next += operands[i].getSize();
    }
    for (int i = last; i >= 0; i--) {
      out.visitVarInsn(operands[i].getOpcode(Opcodes.ISTORE), slots[i]);
    }
    for (int i = 0; i <= last; i++) {
      out.visitVarInsn(operands[i].getOpcode(Opcodes.ILOAD), slots[i]);
      if (escaping[i]) {
        out.visitInsn(Opcodes.DUP);
        escape(i == 0 ? receiverMethod : null);
      }
    }
  }

  /** The value on top of the stack escapes; a receiver only if {@code method} is not its own. */
  private void escape(String receiverMethod) {
    if (receiverMethod == null) {
      emit(HookTable.ESCAPE);
    } else {
      out().visitLdcInsn(receiverMethod);
      emit(HookTable.ESCAPE_RECEIVER);
    }
  }
}
