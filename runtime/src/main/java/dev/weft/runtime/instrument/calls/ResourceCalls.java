package dev.weft.runtime.instrument.calls;

import java.util.Map;
import java.util.Set;

/**
 * The JDK calls through which target code takes an operating-system resource it may never give
 * back: constructors of files and sockets, the static factories of streams, channels and processes,
 * and the calls that take a file lock or start a process. Weft runs a program thousands of times in
 * one JVM, so a file a careless program leaves open each run exhausts the process's descriptors,
 * and a lock it leaves held makes the next run fail to start; each object these calls return is
 * handed to the run's {@link dev.weft.runtime.resources.RunResources}, which closes it when the run
 * ends. Constructors that wrap an existing {@code FileDescriptor} ({@code new
 * FileOutputStream(FileDescriptor.out)}) are not among them: the descriptor is not the run's.
 */
public final class ResourceCalls {
  private static final String FILE_DESCRIPTOR = "Ljava/io/FileDescriptor;";

  /** Classes every constructor of which opens a resource (a file, a socket). */
  private static final Set<String> OPENING_CLASSES =
      Set.of(
          "java/io/FileInputStream",
          "java/io/FileOutputStream",
          "java/io/RandomAccessFile",
          "java/io/FileReader",
          "java/io/FileWriter",
          "java/util/zip/ZipFile",
          "java/util/jar/JarFile",
          "java/net/Socket",
          "java/net/ServerSocket",
          "java/net/DatagramSocket",
          "java/net/MulticastSocket");

  /**
   * Classes whose constructors open a file when the first parameter names one (a file name, a
   * {@code File} or a {@code Path}), by that parameter's descriptor: {@code new Scanner(String)}
   * scans the string, {@code new PrintWriter(String)} opens the file of that name.
   */
  private static final Map<String, Set<String>> OPENING_WHEN_NAMED =
      Map.of(
          "java/io/PrintStream", Set.of("Ljava/lang/String;", "Ljava/io/File;"),
          "java/io/PrintWriter", Set.of("Ljava/lang/String;", "Ljava/io/File;"),
          "java/util/Formatter", Set.of("Ljava/lang/String;", "Ljava/io/File;"),
          "java/util/Scanner", Set.of("Ljava/io/File;", "Ljava/nio/file/Path;"));

  /** Static factories, by owner, whose result holds a resource. */
  private static final Map<String, Set<String>> OPENING_FACTORIES =
      Map.of(
          "java/nio/file/Files",
          Set.of(
              "newInputStream",
              "newOutputStream",
              "newByteChannel",
              "newBufferedReader",
              "newBufferedWriter",
              "newDirectoryStream",
              "lines",
              "list",
              "walk",
              "find"),
          "java/nio/channels/FileChannel",
          Set.of("open"),
          "java/nio/channels/AsynchronousFileChannel",
          Set.of("open"),
          "java/nio/channels/SocketChannel",
          Set.of("open"),
          "java/nio/channels/ServerSocketChannel",
          Set.of("open"),
          "java/nio/channels/DatagramChannel",
          Set.of("open"),
          "java/nio/channels/Selector",
          Set.of("open"),
          "java/nio/channels/Pipe",
          Set.of("open"),
          "java/lang/ProcessBuilder",
          Set.of("startPipeline"));

  /** Instance calls, by owner as the bytecode names it, whose result holds a resource. */
  private static final Map<String, Set<String>> OPENING_CALLS =
      Map.of(
          "java/nio/channels/FileChannel", Set.of("lock", "tryLock"),
          "java/nio/channels/AsynchronousFileChannel", Set.of("tryLock"),
          "java/lang/ProcessBuilder", Set.of("start"),
          "java/lang/Runtime", Set.of("exec"));

  private ResourceCalls() {}

  /** Whether {@code new owner(descriptor)} opens a resource the run owns. */
  public static boolean constructorOpens(String owner, String descriptor) {
    if (descriptor.contains(FILE_DESCRIPTOR)) {
      return false;
    }
    if (OPENING_CLASSES.contains(owner)) {
      return true;
    }
    Set<String> named = OPENING_WHEN_NAMED.get(owner);
    return named != null && named.contains(firstParameter(descriptor));
  }

  /** Whether the call (its opcode's kind: static or not) returns a resource the run owns. */
  public static boolean callOpens(boolean isStatic, String owner, String name) {
    Set<String> names = (isStatic ? OPENING_FACTORIES : OPENING_CALLS).get(owner);
    return names != null && names.contains(name);
  }

  /**
   * Whether {@code new owner(descriptor)} makes a {@code java.util.Random} the JDK seeds from the
   * clock and a process-wide counter: the run seeds it instead, so that a run repeats.
   */
  public static boolean seedsRandom(String owner, String descriptor) {
    return owner.equals("java/util/Random") && descriptor.equals("()V");
  }

  private static String firstParameter(String descriptor) {
    int end = descriptor.indexOf(';');
    return descriptor.startsWith("(L") && end > 0 ? descriptor.substring(1, end + 1) : "";
  }
}
