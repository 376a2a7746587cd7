package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Monitors: {@code monitorenter}/{@code monitorexit} become the model's enter and exit; a
 * synchronized method (whose flag the class rewriter strips) enters the model monitor first and
 * exits it on every return and on an exception; a static initialiser runs as one atomic section,
 * because the JVM's class-initialisation lock would block another thread outside Weft's control,
 * and says which class it initialises, so that a thread that must wait for it waits under control.
 */
final class MonitorRewriter extends Rewriter {
  private final Label bodyStart = new Label();
  private int wrapSite;

  MonitorRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  private boolean wrapsBody() {
    return method.isSynchronized || method.isClassInit;
  }

  private void pushMonitor() {
    if (method.isStatic && method.classConstants) {
      out().visitLdcInsn(Type.getObjectType(method.className));
    } else if (method.isStatic) {
      // before version 49 a class constant is illegal; the class is initialised already
      out().visitLdcInsn(method.className.replace('/', '.'));
      out()
          .visitMethodInsn(
              Opcodes.INVOKESTATIC,
              "java/lang/Class",
              "forName",
              "(Ljava/lang/String;)Ljava/lang/Class;",
              false);
    } else {
      out().visitVarInsn(Opcodes.ALOAD, 0);
    }
  }

  @Override
  public void visitCode() {
    super.visitCode();
    if (method.isSynchronized) {
      wrapSite = method.site("synchronized method " + method.methodName);
      pushMonitor();
      pushInt(wrapSite);
      emit(HookTable.MONITOR_ENTER);
    } else if (method.isClassInit) {
      pushMonitor();
      emit(HookTable.INITIALISER_BEGINS);
    }
    if (wrapsBody()) {
      out().visitLabel(bodyStart);
    }
  }

  @Override
  public void visitInsn(int opcode) {
    switch (opcode) {
      case Opcodes.IRETURN:
      case Opcodes.LRETURN:
      case Opcodes.FRETURN:
      case Opcodes.DRETURN:
      case Opcodes.ARETURN:
      case Opcodes.RETURN:
        beforeReturn();
        out().visitInsn(opcode);
        return;
      case Opcodes.MONITORENTER:
        pushSite("monitorenter");
        emit(HookTable.MONITOR_ENTER);
        return;
      case Opcodes.MONITOREXIT:
        pushSite("monitorexit");
        emit(HookTable.MONITOR_EXIT);
        return;
      default:
        super.visitInsn(opcode);
    }
  }

  private void beforeReturn() {
    if (method.isSynchronized) {
      pushMonitor();
      pushInt(wrapSite);
      emit(HookTable.MONITOR_EXIT);
    } else if (method.isClassInit) {
      pushMonitor();
      emit(HookTable.INITIALISER_ENDS);
    }
  }

  @Override
  public void visitMaxs(int maxStack, int maxLocals) {
    if (wrapsBody()) {
      Label handler = new Label();
      out().visitLabel(handler);
      if (method.isSynchronized) {
        pushMonitor();
        pushInt(wrapSite);
        emit(HookTable.MONITOR_EXIT_ON_THROW);
      } else {
        pushMonitor();
        emit(HookTable.INITIALISER_ENDS);
      }
      out().visitInsn(Opcodes.ATHROW);
      out().visitTryCatchBlock(bodyStart, handler, handler, null);
    }
    super.visitMaxs(maxStack, maxLocals);
  }
}
