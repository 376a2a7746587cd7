package dev.weft.runtime.jdk.inside;

import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the calls by which a JDK server module's code ({@code jdk.httpserver}: its dispatcher
 * thread, selector and channels) waits, starts threads or reads the clock, so that they reach the
 * bridge: on a thread Weft controls they are the run's (a socket wait, a controlled thread, virtual
 * time), and the JDK's HTTP server runs under control like the program's own server would. Each
 * call passes its class, method and line, so that a point there is named in reports.
 */
final class JdkModuleCallRewriter extends JdkClassRewriter {
  private static final String SELECTOR = "java/nio/channels/Selector";
  private static final String SERVER_CHANNEL = "java/nio/channels/ServerSocketChannel";
  private static final String CHANNEL = "java/nio/channels/SocketChannel";
  private static final String THREAD = "java/lang/Thread";
  private static final String SITE = "Ljava/lang/String;I)";

  /** A call as the bytecode names it (opcode, owner, name, descriptor), to its bridge method. */
  private record Redirect(String bridgeName, String bridgeDescriptor) {}

  private static final Map<String, Redirect> REDIRECTS =
      Map.ofEntries(
          instance(SELECTOR, "select", "(J)I", "(L" + SELECTOR + ";J" + SITE + "I"),
          instance(SELECTOR, "selectNow", "()I", "(L" + SELECTOR + ";" + SITE + "I"),
          instance(
              SELECTOR,
              "wakeup",
              "()L" + SELECTOR + ";",
              "(L" + SELECTOR + ";" + SITE + "L" + SELECTOR + ";"),
          instance(
              SERVER_CHANNEL,
              "accept",
              "()L" + CHANNEL + ";",
              "(L" + SERVER_CHANNEL + ";" + SITE + "L" + CHANNEL + ";"),
          instance(
              CHANNEL,
              "read",
              "(Ljava/nio/ByteBuffer;)I",
              "(L" + CHANNEL + ";Ljava/nio/ByteBuffer;" + SITE + "I"),
          instance(
              CHANNEL,
              "write",
              "(Ljava/nio/ByteBuffer;)I",
              "(L" + CHANNEL + ";Ljava/nio/ByteBuffer;" + SITE + "I"),
          instance(THREAD, "start", "()V", "(L" + THREAD + ";" + SITE + "V"),
          instance(THREAD, "join", "()V", "(L" + THREAD + ";" + SITE + "V"),
          Map.entry(
              key(Opcodes.INVOKESTATIC, THREAD, "sleep", "(J)V"),
              bridge("sleep", "(J" + SITE + "V")),
          Map.entry(
              key(Opcodes.INVOKESTATIC, THREAD, "yield", "()V"),
              bridge("yield", "(" + SITE + "V")));

  private static final String TIME =
      key(Opcodes.INVOKESTATIC, "java/lang/System", "currentTimeMillis", "()J");

  JdkModuleCallRewriter(ClassVisitor next) {
    super(next);
  }

  private static Map.Entry<String, Redirect> instance(
      String owner, String name, String descriptor, String bridgeDescriptor) {
    return Map.entry(
        key(Opcodes.INVOKEVIRTUAL, owner, name, descriptor), bridge(name, bridgeDescriptor));
  }

  private static Redirect bridge(String name, String descriptor) {
    return new Redirect(name, descriptor);
  }

  private static String key(int opcode, String owner, String name, String descriptor) {
    return opcode + " " + owner + "." + name + descriptor;
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
    return new BridgeCalls(mv, name) {
      @Override
      public void visitMethodInsn(
          int opcode, String owner, String name, String desc, boolean isInterface) {
        String call = key(opcode, owner, name, desc);
        if (call.equals(TIME)) {
          markChanged();
          super.visitMethodInsn(
              Opcodes.INVOKESTATIC, JdkMonitorRewriter.BRIDGE, "currentTimeMillis", "()J", false);
          return;
        }
        Redirect r = REDIRECTS.get(call);
        if (r == null) {
          super.visitMethodInsn(opcode, owner, name, desc, isInterface);
          return;
        }
        callBridge(r.bridgeName(), r.bridgeDescriptor());
      }
    };
  }
}
