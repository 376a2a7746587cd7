package dev.weft.runtime.jdk.inside;

import java.util.Set;
import java.util.concurrent.ForkJoinTask;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the calls by which JDK code blocks a thread or hands work to threads of its own, so that
 * they reach Weft: every {@code LockSupport.park}, {@code parkNanos}, {@code parkUntil} and {@code
 * unpark} goes to the bridge (the waits inside {@code java.util.concurrent}: a fork/join task's
 * join, a future's get, a lock's queue), and, where {@link #redirectsForks} says so, a {@code
 * fork()} of a fork/join task (a parallel stream's split), which would start the common pool's
 * worker threads, goes to the bridge as well, as do a {@code CompletableFuture}'s hand-overs to an
 * executor and a JDK {@code Timer}'s thread start and clock; a server socket's bind asks the bridge
 * for its address, so that Weft picks a run's ephemeral ports. Each call passes its class, method
 * and line, so that a point there is named in reports.
 */
final class JdkCallRewriter extends JdkClassRewriter {
  private static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";
  private static final Set<String> PARKS = Set.of("park", "parkNanos", "parkUntil", "unpark");
  private static final String FORK_DESCRIPTOR = "()Ljava/util/concurrent/ForkJoinTask;";

  /**
   * The methods every server socket's bind goes through, whose address (local 1) the bridge may
   * change: Weft picks a run's ephemeral port ({@code dev.weft.runtime.net.ListenPorts}).
   */
  private static final Set<String> LISTEN_BINDS =
      Set.of(
          "java/net/ServerSocket.bind(Ljava/net/SocketAddress;I)V",
          "sun/nio/ch/ServerSocketChannelImpl.bind(Ljava/net/SocketAddress;I)"
              + "Ljava/nio/channels/ServerSocketChannel;");

  private static final String ADDRESS_DESCRIPTOR =
      "(Ljava/lang/Object;Ljava/net/SocketAddress;)Ljava/net/SocketAddress;";

  private final boolean redirectsForks;

  /** The classes (the future and its completions) whose hand-overs to an executor are seen. */
  private static final String COMPLETABLE_FUTURE = "java/util/concurrent/CompletableFuture";

  JdkCallRewriter(ClassVisitor next, boolean redirectsForks) {
    super(next);
    this.redirectsForks = redirectsForks;
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
    boolean listenBind =
        (access & Opcodes.ACC_STATIC) == 0
            && LISTEN_BINDS.contains(className() + "." + name + descriptor);
    return new BridgeCalls(mv, name) {
      @Override
      public void visitCode() {
        super.visitCode();
        if (listenBind) {
          markChanged();
          super.visitVarInsn(Opcodes.ALOAD, 0);
          super.visitVarInsn(Opcodes.ALOAD, 1);
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC,
              JdkMonitorRewriter.BRIDGE,
              "listenAddress",
              ADDRESS_DESCRIPTOR,
              false);
          super.visitVarInsn(Opcodes.ASTORE, 1);
        }
      }

      @Override
      public void visitMethodInsn(
          int opcode, String owner, String name, String desc, boolean isInterface) {
        if (opcode == Opcodes.INVOKESTATIC && owner.equals(LOCK_SUPPORT) && PARKS.contains(name)) {
          callBridge(name, desc.replace(")V", "Ljava/lang/String;I)V"));
          return;
        }
        if (opcode == Opcodes.INVOKEINTERFACE
            && owner.equals("java/util/concurrent/Executor")
            && name.equals("execute")
            && desc.equals("(Ljava/lang/Runnable;)V")
            && className().startsWith(COMPLETABLE_FUTURE)) {
          callBridge(
              "asyncExecute",
              "(Ljava/util/concurrent/Executor;Ljava/lang/Runnable;Ljava/lang/String;I)V");
          return;
        }
        if (redirectsForks
            && opcode == Opcodes.INVOKEVIRTUAL
            && name.equals("fork")
            && desc.equals(FORK_DESCRIPTOR)
            && isForkJoinTask(owner)) {
          callBridge(
              "fork",
              "(Ljava/util/concurrent/ForkJoinTask;Ljava/lang/String;I)"
                  + "Ljava/util/concurrent/ForkJoinTask;");
          return;
        }
        super.visitMethodInsn(opcode, owner, name, desc, isInterface);
      }
    };
  }

  /** Whether the JDK class {@code internalName} is a fork/join task (loaded, not initialised). */
  static boolean isForkJoinTask(String internalName) {
    try {
      Class<?> c =
          Class.forName(
              internalName.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
      return ForkJoinTask.class.isAssignableFrom(c);
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
