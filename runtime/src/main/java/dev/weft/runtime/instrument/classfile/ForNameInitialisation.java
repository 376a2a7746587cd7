package dev.weft.runtime.instrument.classfile;

import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Sends {@code Class.forName} calls that initialise the class they load through {@code
 * ClassInitHooks}, in every copy of a target class: with statics reset per run or without. The hook
 * asks, as instrumented code does before a {@code new} or a static access, whether another
 * controlled thread is running the initialiser of the class about to be initialised, and waits for
 * it under Weft's control. Left to the JVM, the thread would block on the class's initialisation
 * lock while holding the turn, so two initialisers that load each other by name (a registry that
 * initialises the classes registering with it) would be a hang on classes the JVM initialises and a
 * deadlock on classes Weft initialises: a finding on reused classes would not come back when
 * replayed on fresh ones. {@code Class.forName(name)} uses its caller's loader, so the call passes
 * the calling class; a class older than version 49 cannot name itself as a constant and keeps that
 * form.
 */
public final class ForNameInitialisation extends ClassVisitor {
  private static final String FOR_NAME = "(Ljava/lang/String;)Ljava/lang/Class;";
  private static final String FOR_NAME_WITH_LOADER =
      "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;";

  private String className;
  private boolean classConstants;

  public ForNameInitialisation(ClassVisitor next) {
    super(Opcodes.ASM9, next);
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
    classConstants = (version & 0xFFFF) >= Opcodes.V1_5;
    super.visit(version, access, name, signature, superName, interfaces);
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
    return next == null ? null : new Calls(next);
  }

  private final class Calls extends MethodVisitor {
    Calls(MethodVisitor next) {
      super(Opcodes.ASM9, next);
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String descriptor, boolean isInterface) {
      if (opcode == Opcodes.INVOKESTATIC
          && owner.equals("java/lang/Class")
          && name.equals("forName")) {
        if (descriptor.equals(FOR_NAME_WITH_LOADER)) {
          HookTable.FOR_NAME_WITH_LOADER.emit(mv);
          return;
        }
        if (descriptor.equals(FOR_NAME) && classConstants) {
          super.visitLdcInsn(Type.getObjectType(className));
          HookTable.FOR_NAME_BY_CALLER.emit(mv);
          return;
        }
      }
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
  }
}
