package dev.weft.runtime.jdk.inside;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites the calls by which a JDK network module's code ({@code jdk.httpserver}: its dispatcher
 * thread, selector and channels; {@code java.net.http}: its selector manager, connects and its
 * default executor) waits, starts threads, makes an executor or reads the clock, so that they reach
 * the bridge: on a thread Weft controls they are the run's (a socket wait, a controlled thread, a
 * model pool, virtual time), and the JDK's HTTP server and client run under control like the
 * program's own would. Each call passes its class, method and line, so that a point there is named
 * in reports.
 */
final class JdkModuleCallRewriter extends JdkClassRewriter {
  private static final String SELECTOR = "java/nio/channels/Selector";
  private static final String SERVER_CHANNEL = "java/nio/channels/ServerSocketChannel";
  private static final String CHANNEL = "java/nio/channels/SocketChannel";
  private static final String THREAD = "java/lang/Thread";
  private static final String SITE = "Ljava/lang/String;I)";
  private static final String ADDRESS = "Ljava/net/SocketAddress;";
  private static final String FUTURE = "java/util/concurrent/CompletableFuture";

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
          Map.entry(
              key(Opcodes.INVOKEVIRTUAL, CHANNEL, "connect", "(" + ADDRESS + ")Z"),
              bridge("channelConnect", "(L" + CHANNEL + ";" + ADDRESS + SITE + "Z")),
          Map.entry(
              key(Opcodes.INVOKEVIRTUAL, CHANNEL, "finishConnect", "()Z"),
              bridge("finishConnect", "(L" + CHANNEL + ";" + SITE + "Z")),
          Map.entry(
              key(Opcodes.INVOKEVIRTUAL, CHANNEL, "write", "([Ljava/nio/ByteBuffer;)J"),
              bridge("writeGather", "(L" + CHANNEL + ";[Ljava/nio/ByteBuffer;" + SITE + "J")),
          Map.entry(
              key(
                  Opcodes.INVOKESTATIC,
                  "java/util/concurrent/Executors",
                  "newCachedThreadPool",
                  "(Ljava/util/concurrent/ThreadFactory;)Ljava/util/concurrent/ExecutorService;"),
              bridge(
                  "newCachedThreadPool",
                  "(Ljava/util/concurrent/ThreadFactory;"
                      + SITE
                      + "Ljava/util/concurrent/ExecutorService;")),
          Map.entry(
              key(Opcodes.INVOKEVIRTUAL, FUTURE, "get", "()Ljava/lang/Object;"),
              bridge("futureGet", "(L" + FUTURE + ";" + SITE + "Ljava/lang/Object;")),
          Map.entry(
              key(Opcodes.INVOKEVIRTUAL, FUTURE, "join", "()Ljava/lang/Object;"),
              bridge("futureJoin", "(L" + FUTURE + ";" + SITE + "Ljava/lang/Object;")),
          instance(THREAD, "start", "()V", "(L" + THREAD + ";" + SITE + "V"),
          instance(THREAD, "setDaemon", "(Z)V", "(L" + THREAD + ";Z" + SITE + "V"),
          instance(THREAD, "join", "()V", "(L" + THREAD + ";" + SITE + "V"),
          Map.entry(
              key(Opcodes.INVOKESTATIC, THREAD, "sleep", "(J)V"),
              bridge("sleep", "(J" + SITE + "V")),
          Map.entry(
              key(Opcodes.INVOKESTATIC, THREAD, "yield", "()V"),
              bridge("yield", "(" + SITE + "V")));

  private static final String TIME =
      key(Opcodes.INVOKESTATIC, "java/lang/System", "currentTimeMillis", "()J");

  /**
   * The classes of {@code java.base} rewritten as a network module's are: {@code java.util.Timer}
   * and its thread, so that a timer JDK code makes on a controlled thread (the HTTP server's idle
   * timer) starts its thread under control and reads the run's clock (the program's own timers are
   * Weft's model).
   */
  private static final Set<String> IN_JAVA_BASE =
      Set.of("java/util/Timer", "java/util/TimerThread");

  /** Whether the {@code java.base} class {@code internalName} is rewritten as a module's code. */
  static boolean rewritesInJavaBase(String internalName) {
    return IN_JAVA_BASE.contains(internalName);
  }

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

  /** Which classes named as a call's owner are threads that do not override start, by name. */
  private static final Map<String, Boolean> THREAD_CLASSES = new ConcurrentHashMap<>();

  /**
   * Whether the call is {@code start()} or {@code setDaemon(boolean)} on a subclass of {@code
   * Thread} that does not override {@code start} (the JDK's HTTP client starts its selector
   * manager, a {@code Thread} subclass, so, and its constructor makes it a daemon).
   */
  private static boolean callsAThreadSubclass(int opcode, String owner, String name, String desc) {
    boolean threadCall =
        name.equals("start") && desc.equals("()V")
            || name.equals("setDaemon") && desc.equals("(Z)V");
    if (opcode != Opcodes.INVOKEVIRTUAL || !threadCall || owner.equals(THREAD)) {
      return false;
    }
    return THREAD_CLASSES.computeIfAbsent(
        owner,
        o -> {
          try {
            Class<?> c =
                Class.forName(o.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
            return Thread.class.isAssignableFrom(c)
                && c.getMethod("start").getDeclaringClass() == Thread.class;
          } catch (ReflectiveOperationException | LinkageError e) {
            return false;
          }
        });
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
        if (r == null && callsAThreadSubclass(opcode, owner, name, desc)) {
          r = REDIRECTS.get(key(opcode, THREAD, name, desc));
        }
        if (r == null) {
          super.visitMethodInsn(opcode, owner, name, desc, isInterface);
          return;
        }
        callBridge(r.bridgeName(), r.bridgeDescriptor());
      }
    };
  }
}
