package dev.weft.runtime.jdk.inside;

import java.lang.reflect.Modifier;
import java.util.List;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the JDK's own lock-free collections so that their inner steps can be scheduling points:
 * before every volatile field access and every {@code VarHandle} or {@code Unsafe} access or CAS
 * (the hash map reaches its table through {@code Unsafe}), a call to {@code Bridge.sharedAccess}
 * with its kind (read, write, update), class, method and line. The bridge makes it a point only
 * while a controlled thread is inside a call that target code made on such a collection (see {@code
 * JdkCalls}), so a weakly consistent {@code size()} or iterator can interleave with other threads'
 * updates, as on a JVM; anywhere else (Weft's own use of these classes, the JVM's threads) the call
 * does nothing.
 */
final class JdkLockFreeRewriter extends JdkClassRewriter {
  /** The classes, with their nested classes, whose inner steps are points. */
  static final List<String> FAMILIES =
      List.of(
          "java/util/concurrent/ConcurrentLinkedQueue",
          "java/util/concurrent/ConcurrentLinkedDeque",
          "java/util/concurrent/ConcurrentHashMap",
          "java/util/concurrent/ConcurrentSkipListMap",
          "java/util/concurrent/ConcurrentSkipListSet",
          "java/util/concurrent/LinkedTransferQueue");

  /**
   * The families whose nodes are read and written through plain fields, ordered by fences and
   * {@code VarHandle} CASes elsewhere (the skip list's {@code Node.val} and {@code Node.next}, the
   * transfer queue's {@code next} since JDK 23): their plain instance fields' accesses are inner
   * steps too.
   */
  static final List<String> PLAIN_FIELD_FAMILIES =
      List.of(
          "java/util/concurrent/ConcurrentSkipListMap", "java/util/concurrent/LinkedTransferQueue");

  private static final String UNSAFE = "jdk/internal/misc/Unsafe";

  static final int READ = 0;
  static final int WRITE = 1;
  static final int UPDATE = 2;

  JdkLockFreeRewriter(ClassVisitor next) {
    super(next);
  }

  /** Whether {@code internalName} is one of the lock-free classes or nested in one. */
  static boolean rewrites(String internalName) {
    return inFamily(internalName, FAMILIES);
  }

  private static boolean inFamily(String internalName, List<String> families) {
    for (String family : families) {
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
        if ((opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD)
            && isInnerStep(owner, name)) {
          access(opcode == Opcodes.GETFIELD ? READ : WRITE);
        }
        super.visitFieldInsn(opcode, owner, name, desc);
      }

      @Override
      public void visitMethodInsn(
          int opcode, String owner, String name, String desc, boolean isInterface) {
        if (opcode == Opcodes.INVOKEVIRTUAL
            && (owner.equals("java/lang/invoke/VarHandle") || owner.equals(UNSAFE))) {
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

  /**
   * A {@code VarHandle} or {@code Unsafe} access method's kind, or -1 for one that touches no
   * variable.
   */
  static int kindOf(String method) {
    if (method.startsWith("get") && !method.startsWith("getAnd")) {
      return READ; // get, getVolatile, getAcquire, getOpaque; Unsafe's getReferenceAcquire, ...
    }
    if (method.startsWith("set") || method.startsWith("put")) {
      return WRITE; // set, setVolatile, setRelease, setOpaque; Unsafe's putReferenceRelease, ...
    }
    if (method.startsWith("compareAnd")
        || method.startsWith("weakCompareAnd")
        || method.startsWith("getAnd")) {
      return UPDATE;
    }
    return -1; // accessModeType, toMethodHandle, withInvokeExactBehavior, ...
  }

  /**
   * Whether an access of the instance field {@code owner.field} is an inner step: the field is
   * volatile, or a plain, non-final field of a family that publishes through plain fields.
   */
  private static boolean isInnerStep(String owner, String field) {
    if (!rewrites(owner)) {
      return false;
    }
    try {
      Class<?> c =
          Class.forName(owner.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
      int modifiers = c.getDeclaredField(field).getModifiers();
      return Modifier.isVolatile(modifiers)
          || (inFamily(owner, PLAIN_FIELD_FAMILIES) && !Modifier.isFinal(modifiers));
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;
    }
  }
}
