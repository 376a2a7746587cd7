package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.JdkCallSites;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * Instance calls on JDK collections, atomics and other {@code java.util.concurrent} classes become
 * {@code invokedynamic} call sites ({@link JdkCallSites}) that record one access of the receiver.
 * Class files before Java 7 cannot hold {@code invokedynamic}; their calls stay plain.
 */
final class JdkCallSiteRewriter extends Rewriter {
  JdkCallSiteRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (!method.invokeDynamic || !JdkCallSites.intercepts(opcode, owner, name)) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    String simple = owner.substring(owner.lastIndexOf('/') + 1);
    out()
        .visitInvokeDynamicInsn(
            name,
            JdkCallSites.indyDescriptor(owner, descriptor),
            JdkCallSites.BOOTSTRAP,
            method.site(simple + "." + name));
  }
}
