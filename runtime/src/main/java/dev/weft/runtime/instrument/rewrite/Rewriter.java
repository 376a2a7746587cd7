package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookCall;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * One link of a method's rewriting chain, with one concern. Instructions it leaves alone go on down
 * the chain; what it writes instead goes straight to the class writer ({@link MethodContext#out}),
 * so no later link mistakes an inserted hook call for target code.
 */
abstract class Rewriter extends MethodVisitor {
  final MethodContext method;

  Rewriter(MethodVisitor next, MethodContext method) {
    super(Opcodes.ASM9, next);
    this.method = method;
  }

  final MethodVisitor out() {
    return method.out;
  }

  final void emit(HookCall call) {
    call.emit(method.out);
  }

  final void pushInt(int value) {
    MethodVisitor out = method.out;
    if (value >= -1 && value <= 5) {
      out.visitInsn(Opcodes.ICONST_0 + value);
    } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
      out.visitIntInsn(Opcodes.BIPUSH, value);
    } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
      out.visitIntInsn(Opcodes.SIPUSH, value);
    } else {
      out.visitLdcInsn(value);
    }
  }

  /** Registers the next site of the method and pushes its id. */
  final void pushSite(String operation) {
    pushInt(method.site(operation));
  }

  @Override
  public void visitLineNumber(int line, Label start) {
    method.line = line;
    super.visitLineNumber(line, start);
  }
}
