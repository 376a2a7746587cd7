package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.JdkCallSites;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * Instance calls on JDK collections, atomics and other {@code java.util.concurrent} classes become
 * {@code invokedynamic} call sites ({@link JdkCallSites}) that record one access of the receiver.
 * Calls on the classes the race oracle only observes become such call sites too, with sites of
 * their own numbering so that the sites of scheduling points keep their keys. Class files before
 * Java 7 cannot hold {@code invokedynamic}; their calls stay plain.
 */
final class JdkCallSiteRewriter extends Rewriter {
  JdkCallSiteRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    if (method.invokeDynamic && JdkCallSites.observesSuper(opcode, owner, name)) {
      String simple = owner.substring(owner.lastIndexOf('/') + 1);
      out()
          .visitInvokeDynamicInsn(
              name,
              JdkCallSites.indyDescriptor(owner, descriptor),
              JdkCallSites.BOOTSTRAP_SUPER,
              method.observedSite("super " + simple + "." + name));
      return;
    }
    boolean access = JdkCallSites.intercepts(opcode, owner, name);
    if (!method.invokeDynamic || !(access || JdkCallSites.observes(opcode, owner, name))) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    String simple = owner.substring(owner.lastIndexOf('/') + 1);
    String operation = simple + "." + name;
    out()
        .visitInvokeDynamicInsn(
            name,
            JdkCallSites.indyDescriptor(owner, descriptor),
            JdkCallSites.BOOTSTRAP,
            access ? method.site(operation) : method.observedSite(operation));
  }
}
