package dev.weft.runtime.jdk.inside;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What the rewritings of the instrumented JDK share: the name of the class being rewritten, which
 * each bridge call passes on so that a point inside JDK code is named in reports, and whether
 * anything in it changed, since only changed classes go into the patch.
 */
abstract class JdkClassRewriter extends ClassVisitor {
  private String className;
  private boolean changed;

  JdkClassRewriter(ClassVisitor next) {
    super(Opcodes.ASM9, next);
  }

  /** Whether anything in the class was rewritten. */
  final boolean changed() {
    return changed;
  }

  final void markChanged() {
    changed = true;
  }

  /** The internal name of the class being rewritten ({@code java/io/PipedInputStream}). */
  final String className() {
    return className;
  }

  /** {@code java.io.PipedInputStream.read}: where a bridge call in method {@code method} is. */
  final String where(String method) {
    return className.replace('/', '.') + "." + method;
  }

  @Override
  public void visit(
      int version,
      int access,
      String name,
      String signature,
      String superName,
      String[] interfaces) {
    className = name;
    super.visit(version, access, name, signature, superName, interfaces);
  }

  /**
   * A method's rewriting that calls the bridge: it follows the line it is at, so that each bridge
   * call passes its class, method and line, and marks the class changed.
   */
  class BridgeCalls extends MethodVisitor {
    private final String where;
    private int line;

    BridgeCalls(MethodVisitor next, String method) {
      super(Opcodes.ASM9, next);
      this.where = where(method);
    }

    @Override
    public void visitLineNumber(int line, Label start) {
      this.line = line;
      super.visitLineNumber(line, start);
    }

    /** {@code Bridge.name(what is on the stack, where, line)}. */
    final void callBridge(String name, String descriptor) {
      markChanged();
      super.visitLdcInsn(where);
      super.visitLdcInsn(line);
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, JdkMonitorRewriter.BRIDGE, name, descriptor, false);
    }
  }
}
