package dev.weft.runtime.jdk.inside;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A class added to the instrumented {@code java.util.concurrent}: {@code WeftTaskRunner.exec(task)}
 * runs a fork/join task's body once, as a pool's worker does ({@code ForkJoinTask.doExec}, which is
 * package-private), without waiting for it to complete. A worker of the run's stand-in pool needs
 * exactly that: a counted completer's body forks its subtasks and returns, and the task completes
 * when the last of them does, on whichever thread; {@code quietlyInvoke} would instead wait inside
 * the JDK for that completion and hold the worker. {@code doExec} returns {@code int} on JDK 17 and
 * nothing on later JDKs, so the class is written for the JDK it is built on.
 */
final class TaskRunnerClass {
  static final String NAME = "java/util/concurrent/WeftTaskRunner";
  private static final String TASK = "java/util/concurrent/ForkJoinTask";

  private TaskRunnerClass() {}

  /** The class's bytes for the running JDK, or null if its {@code ForkJoinTask} has no doExec. */
  static byte[] bytes() {
    String doExec = doExecDescriptor();
    if (doExec == null) {
      return null;
    }
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
    cw.visit(
        Opcodes.V17,
        Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER,
        NAME,
        null,
        "java/lang/Object",
        null);
    MethodVisitor mv =
        cw.visitMethod(
            Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "exec", "(L" + TASK + ";)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(Opcodes.ALOAD, 0);
    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, TASK, "doExec", doExec, false);
    int size = Type.getReturnType(doExec).getSize();
    if (size == 1) {
      mv.visitInsn(Opcodes.POP);
    } else if (size == 2) {
      mv.visitInsn(Opcodes.POP2);
    }
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  private static String doExecDescriptor() {
    String[] found = new String[1];
    try (InputStream in = ClassLoader.getSystemResourceAsStream(TASK + ".class")) {
      if (in == null) {
        return null;
      }
      new ClassReader(in)
          .accept(
              new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(
                    int access, String name, String desc, String signature, String[] exceptions) {
                  if (name.equals("doExec") && desc.startsWith("()")) {
                    found[0] = desc;
                  }
                  return null;
                }
              },
              ClassReader.SKIP_CODE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found[0];
  }
}
