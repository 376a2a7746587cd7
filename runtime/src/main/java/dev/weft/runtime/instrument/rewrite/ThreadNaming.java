package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import java.util.Map;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The JDK names a thread made without a name {@code "Thread-N"} from one counter for the whole JVM,
 * so the same program run twice in one Weft process (a run and its replay, two runs of a campaign)
 * sees, prints and fails with different names. Each call of a {@code Thread} constructor without a
 * name becomes a call of the constructor that takes one, with a name numbered per run ({@link
 * dev.weft.runtime.sync.Threads#defaultName()}); named threads keep theirs. This covers {@code new
 * Thread(...)}, the {@code super(...)} calls of target subclasses and {@code Thread::new}
 * references (bridged, see {@link dev.weft.runtime.instrument.calls.MethodRefBridges}).
 */
final class ThreadNaming extends Rewriter {
  private static final String THREAD = "java/lang/Thread";
  private static final String NAME = "Ljava/lang/String;";

  /** Each constructor without a name, and the one that differs from it only by the name. */
  private static final Map<String, String> NAMED =
      Map.of(
          "()V",
          "(" + NAME + ")V",
          "(Ljava/lang/Runnable;)V",
          "(Ljava/lang/Runnable;" + NAME + ")V",
          "(Ljava/lang/ThreadGroup;Ljava/lang/Runnable;)V",
          "(Ljava/lang/ThreadGroup;Ljava/lang/Runnable;" + NAME + ")V");

  /** The descriptor of the naming twin of a {@code Thread} constructor without a name, or null. */
  static String namedConstructor(String owner, String descriptor) {
    return owner.equals(THREAD) ? NAMED.get(descriptor) : null;
  }

  ThreadNaming(MethodVisitor next, MethodContext method) {
    super(next, method);
  }

  @Override
  public void visitMethodInsn(
      int opcode, String owner, String name, String descriptor, boolean isInterface) {
    String named =
        opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")
            ? namedConstructor(owner, descriptor)
            : null;
    if (named == null) {
      super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
      return;
    }
    emit(HookTable.DEFAULT_THREAD_NAME);
    super.visitMethodInsn(opcode, owner, name, named, isInterface);
  }
}
