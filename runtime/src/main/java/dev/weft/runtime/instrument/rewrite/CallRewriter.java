package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.CallHooks;
import dev.weft.runtime.instrument.ModelCalls;
import dev.weft.runtime.instrument.SyncCalls;
import net.bytebuddy.jar.asm.MethodVisitor;

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
    if (replacement.takesSite()) {
      pushSite(replacement.operation());
    }
    emit(replacement.call());
  }
}
