package dev.weft.runtime.jdk.inside;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Rewrites one JDK class so that its monitors are seen by Weft: every {@code monitorenter} first
 * calls {@code Bridge.monitorEnter} (where the model may block a controlled thread) and every
 * {@code monitorexit} is followed by {@code Bridge.monitorExited}; a {@code synchronized} method
 * loses its flag and gets the same enter and exits explicitly, around its whole body; {@code
 * Object.wait}, {@code notify} and {@code notifyAll} go to the bridge. The JVM's monitor is still
 * taken, after the model's: threads Weft does not control (the JVM's, Weft's own) keep their
 * exclusion with the controlled ones, and a thread never blocks in the JVM on a monitor another
 * controlled thread holds, because the model let it in only once that thread left.
 *
 * <p>The class is read with expanded frames, so the one frame this adds (the synchronized body's
 * handler: the parameters, and the exception) is written in the same form as the others.
 */
final class JdkMonitorRewriter extends JdkClassRewriter {
  static final String BRIDGE = "jdk/internal/weft/Bridge";

  JdkMonitorRewriter(ClassVisitor next) {
    super(next);
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    boolean wrap =
        (access & Opcodes.ACC_SYNCHRONIZED) != 0
            && (access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) == 0;
    int written = wrap ? access & ~Opcodes.ACC_SYNCHRONIZED : access;
    MethodVisitor mv = super.visitMethod(written, name, descriptor, signature, exceptions);
    if ((access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) != 0) {
      return mv;
    }
    if (wrap) {
      markChanged();
    }
    return new MethodRewriter(mv, access, name, descriptor, wrap);
  }

  private final class MethodRewriter extends MethodVisitor {
    private final boolean isStatic;
    private final String descriptor;
    private final String where;
    private final boolean wrap;
    private final Label bodyStart = new Label();
    private int line;

    MethodRewriter(MethodVisitor next, int access, String name, String descriptor, boolean wrap) {
      super(Opcodes.ASM9, next);
      this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
      this.descriptor = descriptor;
      this.where = where(name);
      this.wrap = wrap;
    }

    private void pushLock() {
      if (isStatic) {
        super.visitLdcInsn(Type.getObjectType(className()));
      } else {
        super.visitVarInsn(Opcodes.ALOAD, 0);
      }
    }

    private void pushWhere() {
      super.visitLdcInsn(where);
      super.visitLdcInsn(line);
    }

    /** Stack: lock -> (nothing): the model's entry, then the JVM's. */
    private void enter() {
      super.visitInsn(Opcodes.DUP);
      pushWhere();
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC,
          BRIDGE,
          "monitorEnter",
          "(Ljava/lang/Object;Ljava/lang/String;I)V",
          false);
      super.visitInsn(Opcodes.MONITORENTER);
    }

    /** Stack: lock -> (nothing): the JVM's exit, then the model's. */
    private void exit() {
      super.visitInsn(Opcodes.DUP);
      super.visitInsn(Opcodes.MONITOREXIT);
      super.visitMethodInsn(
          Opcodes.INVOKESTATIC, BRIDGE, "monitorExited", "(Ljava/lang/Object;)V", false);
    }

    @Override
    public void visitCode() {
      super.visitCode();
      if (wrap) {
        pushLock();
        enter();
        super.visitLabel(bodyStart);
      }
    }

    @Override
    public void visitLineNumber(int line, Label start) {
      this.line = line;
      super.visitLineNumber(line, start);
    }

    @Override
    public void visitInsn(int opcode) {
      switch (opcode) {
        case Opcodes.MONITORENTER -> {
          markChanged();
          enter();
        }
        case Opcodes.MONITOREXIT -> {
          markChanged();
          exit();
        }
        case Opcodes.IRETURN,
            Opcodes.LRETURN,
            Opcodes.FRETURN,
            Opcodes.DRETURN,
            Opcodes.ARETURN,
            Opcodes.RETURN -> {
          if (wrap) {
            pushLock();
            exit();
          }
          super.visitInsn(opcode);
        }
        default -> super.visitInsn(opcode);
      }
    }

    @Override
    public void visitMethodInsn(
        int opcode, String owner, String name, String desc, boolean isInterface) {
      if ((opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE)
          && isObjectMonitorMethod(name, desc)) {
        markChanged();
        if (name.equals("wait")) {
          pushWhere();
          String args = desc.substring(1, desc.indexOf(')'));
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC,
              BRIDGE,
              "await",
              "(Ljava/lang/Object;" + args + "Ljava/lang/String;I)V",
              false);
        } else {
          pushWhere();
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC,
              BRIDGE,
              name,
              "(Ljava/lang/Object;Ljava/lang/String;I)V",
              false);
        }
        return;
      }
      super.visitMethodInsn(opcode, owner, name, desc, isInterface);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      if (wrap) {
        Label handler = new Label();
        super.visitTryCatchBlock(bodyStart, handler, handler, null);
        super.visitLabel(handler);
        Object[] locals = parameterFrame();
        super.visitFrame(
            Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
        pushLock();
        exit();
        super.visitInsn(Opcodes.ATHROW);
      }
      super.visitMaxs(maxStack, maxLocals);
    }

    /** The frame of the method's entry: its receiver and parameters. */
    private Object[] parameterFrame() {
      Type[] args = Type.getArgumentTypes(descriptor);
      Object[] locals = new Object[args.length + (isStatic ? 0 : 1)];
      int i = 0;
      if (!isStatic) {
        locals[i++] = className();
      }
      for (Type a : args) {
        locals[i++] =
            switch (a.getSort()) {
              case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> Opcodes.INTEGER;
              case Type.FLOAT -> Opcodes.FLOAT;
              case Type.LONG -> Opcodes.LONG;
              case Type.DOUBLE -> Opcodes.DOUBLE;
              case Type.ARRAY -> a.getDescriptor();
              default -> a.getInternalName();
            };
      }
      return locals;
    }
  }

  static boolean isObjectMonitorMethod(String name, String desc) {
    return switch (name) {
      case "wait" -> desc.equals("()V") || desc.equals("(J)V") || desc.equals("(JI)V");
      case "notify", "notifyAll" -> desc.equals("()V");
      default -> false;
    };
  }
}
