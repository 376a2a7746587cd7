package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.CallHooks;
import dev.weft.runtime.instrument.calls.ModelCalls;
import dev.weft.runtime.instrument.calls.SyncCalls;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Calls that Weft models ({@code wait/notify}, {@code Thread} operations, identities, exits, the
 * {@code java.util.concurrent} synchronisers, blocking queues and futures) become calls of their
 * hooks, chosen by {@link CallHooks} and {@link SyncCalls}. Code of the per-run models keeps the
 * JDK's own fork/join.
 */
final class CallRewriter extends Rewriter {
  CallRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    CallHooks.Replacement replacement =
        CallHooks.replacementFor(opcode, owner, name, descriptor, method.types);
    if (replacement != null
        && !ModelCalls.substitutesIn(method.className)
        && replacement.isModel()) {
      replacement = null; // the models call the JDK's own fork/join
    }
    if (replacement == null) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    Label hook = null;
    Label done = null;
    if (receiverOnTop(opcode, descriptor)) {
      // a null receiver fails in the original call, with the JVM's own message and stack
      hook = new Label();
      done = new Label();
      out().visitInsn(Opcodes.DUP);
      out().visitJumpInsn(Opcodes.IFNONNULL, hook);
      out().visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      out().visitJumpInsn(Opcodes.GOTO, done);
      out().visitLabel(hook);
    }
    if (replacement.takesSite()) {
      pushSite(replacement.operation());
    }
    emit(replacement.call());
    if (done != null) {
      out().visitLabel(done);
    }
  }

  /** An instance call without arguments: its receiver is on top of the stack. */
  private static boolean receiverOnTop(int opcode, String descriptor) {
    return (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE)
        && Type.getArgumentTypes(descriptor).length == 0;
  }
}
