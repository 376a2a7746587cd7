package dev.weft.runtime.jdk.inside;

import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the calls by which {@code java.base}'s own network clients ({@code sun.net}: {@code
 * HttpURLConnection}'s keep-alive client, FTP's) connect the socket they made, take its streams and
 * close it, so that they reach the bridge: on a thread Weft controls, such a socket is one of the
 * run's like a socket the program made itself, and a client thread that waits for the run's own
 * HTTP server gives the turn to the server instead of holding it in the kernel. Only calls whose
 * owner is {@code java.net.Socket} itself are taken; an SSL socket's calls stay the JDK's.
 */
final class JdkClientSocketRewriter extends JdkClassRewriter {
  private static final String SOCKET = "java/net/Socket";
  private static final String ADDRESS = "Ljava/net/SocketAddress;";
  private static final String SITE = "Ljava/lang/String;I)";

  /** A socket call by name and descriptor, to its bridge method and descriptor. */
  private static final Map<String, String[]> REDIRECTS =
      Map.of(
          "connect(" + ADDRESS + ")V",
          new String[] {"socketConnect", "(L" + SOCKET + ";" + ADDRESS + SITE + "V"},
          "connect(" + ADDRESS + "I)V",
          new String[] {"socketConnectTimed", "(L" + SOCKET + ";" + ADDRESS + "I" + SITE + "V"},
          "getInputStream()Ljava/io/InputStream;",
          new String[] {"socketInput", "(L" + SOCKET + ";" + SITE + "Ljava/io/InputStream;"},
          "getOutputStream()Ljava/io/OutputStream;",
          new String[] {"socketOutput", "(L" + SOCKET + ";" + SITE + "Ljava/io/OutputStream;"},
          "close()V",
          new String[] {"socketClose", "(L" + SOCKET + ";" + SITE + "V"});

  /** The classes whose socket calls are rewritten: the JDK's clients in {@code java.base}. */
  static boolean rewrites(String internalName) {
    return internalName.startsWith("sun/net/");
  }

  JdkClientSocketRewriter(ClassVisitor next) {
    super(next);
  }

  @Override
  public MethodVisitor visitMethod(
      int access, String name, String descriptor, String signature, String[] exceptions) {
    MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
    return new BridgeCalls(mv, name) {
      @Override
      public void visitMethodInsn(
          int opcode, String owner, String name, String desc, boolean isInterface) {
        String[] bridge =
            opcode == Opcodes.INVOKEVIRTUAL && owner.equals(SOCKET)
                ? REDIRECTS.get(name + desc)
                : null;
        if (bridge == null) {
          super.visitMethodInsn(opcode, owner, name, desc, isInterface);
          return;
        }
        callBridge(bridge[0], bridge[1]);
      }
    };
  }
}
