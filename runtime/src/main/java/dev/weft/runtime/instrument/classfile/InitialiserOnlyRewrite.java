package dev.weft.runtime.instrument.classfile;

import dev.weft.runtime.instrument.calls.HookTable;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The least a class that cannot be instrumented (or is defined by a loader of the program's own)
 * still needs: its static initialiser wrapped as instrumented ones are, one atomic section that
 * says which class it initialises ({@link HookTable#INITIALISER_BEGINS}, {@link
 * HookTable#INITIALISER_ENDS}). Without it a controlled thread could be switched out inside the
 * initialiser, holding the JVM's initialisation lock where other threads block outside Weft's
 * sight. Nothing else of the class is touched: no class hierarchy is read (the handler's frame is
 * written by hand), so the rewrite works where the full instrumentation failed.
 */
public final class InitialiserOnlyRewrite {
  private InitialiserOnlyRewrite() {}

  /** {@code classFile} with its static initialiser wrapped; unchanged if it has none. */
  public static byte[] wrap(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    reader.accept(new Wrapper(writer), 0);
    return writer.toByteArray();
  }

  private static final class Wrapper extends ClassVisitor {
    private String className;
    private int version;

    Wrapper(ClassVisitor next) {
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
      this.className = name;
      this.version = version & 0xFFFF;
      super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
      return name.equals("<clinit>") && next != null ? new Initialiser(next) : next;
    }

    /** Begins at entry, ends before every return and on the way out of an exception. */
    private final class Initialiser extends MethodVisitor {
      private final Label start = new Label();

      Initialiser(MethodVisitor next) {
        super(Opcodes.ASM9, next);
      }

      private void pushClass() {
        if (version >= Opcodes.V1_5) {
          super.visitLdcInsn(Type.getObjectType(className));
        } else {
          // no class constants before version 49; the class is being initialised by this thread
          super.visitLdcInsn(className.replace('/', '.'));
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC,
              "java/lang/Class",
              "forName",
              "(Ljava/lang/String;)Ljava/lang/Class;",
              false);
        }
      }

      @Override
      public void visitCode() {
        super.visitCode();
        pushClass();
        HookTable.INITIALISER_BEGINS.emit(mv);
        super.visitLabel(start);
      }

      @Override
      public void visitInsn(int opcode) {
        if (opcode == Opcodes.RETURN) {
          pushClass();
          HookTable.INITIALISER_ENDS.emit(mv);
        }
        super.visitInsn(opcode);
      }

      @Override
      public void visitMaxs(int maxStack, int maxLocals) {
        Label handler = new Label();
        super.visitLabel(handler);
        if (version >= Opcodes.V1_6) {
          // no locals are needed here: the thrown exception alone, whatever the body held
          super.visitFrame(
              Opcodes.F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"});
        }
        pushClass();
        HookTable.INITIALISER_ENDS.emit(mv);
        super.visitInsn(Opcodes.ATHROW);
        super.visitTryCatchBlock(start, handler, handler, null);
        super.visitMaxs(maxStack, maxLocals);
      }
    }
  }
}
