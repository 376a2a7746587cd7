package dev.weft.runtime.jdk.inside;

import java.lang.reflect.Modifier;
import java.util.List;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the JDK's own lock-free collections so that their inner steps can be scheduling points:
 * before every volatile field access and every {@code VarHandle} access or CAS, a call to {@code
 * Bridge.sharedAccess} with its kind (read, write, update), class, method and line. The bridge
 * makes it a point only while a controlled thread is inside a call that target code made on such a
 * collection (see {@code JdkCalls}), so a weakly consistent {@code size()} or iterator can
 * interleave with other threads' updates, as on a JVM; anywhere else (Weft's own use of these
 * classes, the JVM's threads) the call does nothing.
 */
final class JdkLockFreeRewriter extends JdkClassRewriter {
  /** The classes, with their nested classes, whose inner steps are points. */
  static final List<String> FAMILIES =
      List.of(
          "java/util/concurrent/ConcurrentLinkedQueue",
          "java/util/concurrent/ConcurrentLinkedDeque");

  static final int READ = 0;
  static final int WRITE = 1;
  static final int UPDATE = 2;

  JdkLockFreeRewriter(ClassVisitor next) {
    super(next);
  }

  /** Whether {@code internalName} is one of the lock-free classes or nested in one. */
  static boolean rewrites(String internalName) {
    for (String family : FAMILIES) {
      if (internalName.equals(family) || internalName.startsWith(family + "$")) {
        return true;
      }
    }
    return false;
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
    if (name.equals("<clinit>")) {
      return mv; // the class's own set-up: no other thread sees it yet
    }
    return new BridgeCalls(mv, name) {
      @Override
      public void visitFieldInsn(int opcode, String owner, String name, String desc) {
        if ((opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD) && isVolatile(owner, name)) {
          access(opcode == Opcodes.GETFIELD ? READ : WRITE);
        }
        super.visitFieldInsn(opcode, owner, name, desc);
      }

      @Override
      public void visitMethodInsn(
          int opcode, String owner, String name, String desc, boolean isInterface) {
        if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/invoke/VarHandle")) {
          int kind = kindOf(name);
          if (kind >= 0) {
            access(kind);
          }
        }
        super.visitMethodInsn(opcode, owner, name, desc, isInterface);
      }

      private void access(int kind) {
        super.visitLdcInsn(kind);
        callBridge("sharedAccess", "(ILjava/lang/String;I)V");
      }
    };
  }

  /** A {@code VarHandle} access method's kind, or -1 for one that touches no variable. */
  static int kindOf(String method) {
    if (method.startsWith("get") && !method.startsWith("getAnd")) {
      return READ; // get, getVolatile, getAcquire, getOpaque
    }
    if (method.startsWith("set")) {
      return WRITE; // set, setVolatile, setRelease, setOpaque
    }
    if (method.startsWith("compareAnd")
        || method.startsWith("weakCompareAnd")
        || method.startsWith("getAnd")) {
      return UPDATE;
    }
    return -1; // accessModeType, toMethodHandle, withInvokeExactBehavior, ...
  }

  private static boolean isVolatile(String owner, String field) {
    if (!rewrites(owner)) {
      return false;
    }
    try {
      Class<?> c =
          Class.forName(owner.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
      return Modifier.isVolatile(c.getDeclaredField(field).getModifiers());
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;
    }
  }
}
