package dev.weft.runtime.jdk.inside;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;

/**
 * The JDK's {@code java.base} with its monitors rewritten for Weft ({@link JdkMonitorRewriter}),
 * built once per JDK build and Weft build, kept in the user's cache folder and given to the JVM
 * that runs targets with {@code --patch-module}. Only the classes that change are written (with the
 * two bridge classes the rewritten code calls); the JVM takes every other class from its own image.
 * Building takes a few seconds, says so on one line, and publishes the folder with one rename: a
 * build cut short (Ctrl-C, a second process building the same) leaves no half folder in use, and a
 * build whose JDK or Weft changed gets a new folder.
 */
public final class InstrumentedJdk {
  /** Bump when the rewriting changes in a way the class digest would not show. */
  private static final int FORMAT = 3;

  private static final String MODULE = "java.base";

  /**
   * The JDK's own network modules (its HTTP server and client), whose threads, selectors and
   * channels are rewritten to reach the bridge ({@link JdkModuleCallRewriter}) as well as their
   * monitors; patched when the JDK has them.
   */
  private static final List<String> SERVER_MODULES = List.of("jdk.httpserver", "java.net.http");

  private static final String COMPLETE = "complete";

  private static final List<String> BRIDGE_CLASSES =
      List.of("jdk/internal/weft/Bridge", "jdk/internal/weft/Delegate");

  private InstrumentedJdk() {}

  /**
   * Prints the JVM options that give a JVM the instrumented JDK (built first if need be), on one
   * line: {@code WEFT_JAVA_OPTS="$(java -cp weft.jar dev.weft.runtime.jdk.inside.InstrumentedJdk)"}
   * runs the benchmark scripts with it.
   */
  public static void main(String[] args) {
    System.out.println(String.join(" ", jvmOptions(System.err)));
  }

  /**
   * The JVM options that run this JDK with its instrumented {@code java.base}, building it first if
   * the cache has none; {@code progress} hears of a build.
   */
  public static List<String> jvmOptions(PrintStream progress) {
    Path folder = patchFolder(progress);
    List<String> options = new java.util.ArrayList<>();
    options.add("--patch-module=" + MODULE + "=" + folder.resolve(MODULE));
    StringBuilder readers = new StringBuilder("ALL-UNNAMED");
    for (String server : SERVER_MODULES) {
      if (Files.isDirectory(folder.resolve(server))) {
        options.add("--patch-module=" + server + "=" + folder.resolve(server));
        readers.append(',').append(server);
      }
    }
    options.add("--add-exports=" + MODULE + "/jdk.internal.weft=" + readers);
    return options;
  }

  /** The folder for this JDK and Weft build, built now if missing. */
  static Path patchFolder(PrintStream progress) {
    Path root = cacheRoot();
    Path folder = root.resolve("jdk-" + key());
    if (Files.exists(folder.resolve(COMPLETE))) {
      return folder;
    }
    long start = System.nanoTime();
    progress.printf(
        "[weft] instrumenting the JDK's %s (%s %s), once for this JDK: cached in %s%n",
        MODULE,
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        folder);
    try {
      Files.createDirectories(root);
      Path building = Files.createTempDirectory(root, "building-");
      try {
        int written = build(building.resolve(MODULE));
        for (String server : SERVER_MODULES) {
          written += buildServerModule(server, building.resolve(server));
        }
        Files.writeString(building.resolve(COMPLETE), written + " classes\n");
        publish(building, folder);
        progress.printf(
            "[weft] instrumented %d classes of %s and its servers in %.1f s%n",
            written, MODULE, (System.nanoTime() - start) / 1e9);
      } finally {
        deleteTree(building);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build the instrumented JDK in " + folder, e);
    }
    return folder;
  }

  /**
   * {@code -Dweft.cache}, else {@code $WEFT_CACHE}, else {@code $XDG_CACHE_HOME/weft}, else {@code
   * ~/.cache/weft}.
   */
  static Path cacheRoot() {
    String own = System.getProperty("weft.cache", System.getenv("WEFT_CACHE"));
    if (own != null && !own.isBlank()) {
      return Path.of(own);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("weft");
  }

  /** The JDK build and the rewriting's own bytes, so either changing gets a new folder. */
  static String key() {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(
          (FORMAT
                  + "|"
                  + System.getProperty("java.home")
                  + "|"
                  + System.getProperty("java.vm.vendor")
                  + "|"
                  + System.getProperty("java.runtime.version")
                  + "|"
                  + System.getProperty("java.vm.version"))
              .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      for (String c :
          List.of(
              "dev/weft/runtime/jdk/inside/JdkClassRewriter",
              "dev/weft/runtime/jdk/inside/JdkClassRewriter$BridgeCalls",
              "dev/weft/runtime/jdk/inside/JdkMonitorRewriter",
              "dev/weft/runtime/jdk/inside/JdkMonitorRewriter$MethodRewriter",
              "dev/weft/runtime/jdk/inside/RewrittenJdkClasses",
              "dev/weft/runtime/jdk/inside/JdkCallRewriter",
              "dev/weft/runtime/jdk/inside/JdkCallRewriter$1",
              "dev/weft/runtime/jdk/inside/TaskRunnerClass",
              "dev/weft/runtime/jdk/inside/JdkLockFreeRewriter",
              "dev/weft/runtime/jdk/inside/JdkLockFreeRewriter$1",
              "dev/weft/runtime/jdk/inside/JdkModuleCallRewriter",
              "dev/weft/runtime/jdk/inside/JdkModuleCallRewriter$1",
              "dev/weft/runtime/jdk/inside/JdkClientSocketRewriter",
              "dev/weft/runtime/jdk/inside/JdkClientSocketRewriter$1",
              "jdk/internal/weft/Bridge",
              "jdk/internal/weft/Delegate")) {
        d.update(ownClass(c));
      }
      return HexFormat.of().formatHex(d.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] ownClass(String internalName) {
    try (InputStream in =
        InstrumentedJdk.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
      if (in == null) {
        throw new IllegalStateException("Weft's own class " + internalName + " is missing");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes the rewritten classes of a JDK server module, if this JDK has it; returns how many. */
  static int buildServerModule(String module, Path out) throws IOException {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    Path moduleRoot = jrt.getPath("/modules", module);
    if (!Files.isDirectory(moduleRoot)) {
      return 0;
    }
    List<Path> classes;
    try (Stream<Path> files = Files.walk(moduleRoot)) {
      classes = files.filter(p -> p.toString().endsWith(".class")).toList();
    }
    int written = 0;
    for (Path file : classes) {
      String name = moduleRoot.relativize(file).toString();
      if (name.equals("module-info.class")) {
        continue;
      }
      ClassReader reader = new ClassReader(Files.readAllBytes(file));
      ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
      JdkModuleCallRewriter calls = new JdkModuleCallRewriter(writer);
      JdkMonitorRewriter monitors = new JdkMonitorRewriter(calls);
      reader.accept(monitors, ClassReader.EXPAND_FRAMES);
      if (calls.changed() || monitors.changed()) {
        write(out, name.substring(0, name.length() - ".class".length()), writer.toByteArray());
        written++;
      }
    }
    return written;
  }

  /** Writes the rewritten classes of the running JDK's module; returns how many. */
  static int build(Path out) throws IOException {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    Path moduleRoot = jrt.getPath("/modules", MODULE);
    int written = 0;
    List<Path> classes;
    try (Stream<Path> files = Files.walk(moduleRoot)) {
      classes = files.filter(p -> p.toString().endsWith(".class")).toList();
    }
    for (Path file : classes) {
      String name = moduleRoot.relativize(file).toString();
      String internal = name.substring(0, name.length() - ".class".length());
      if (!RewrittenJdkClasses.rewritesCalls(internal)) {
        continue;
      }
      byte[] rewritten =
          rewrite(Files.readAllBytes(file), RewrittenJdkClasses.rewritesMonitors(internal));
      if (rewritten != null) {
        write(out, internal, rewritten);
        written++;
      }
    }
    for (String bridge : BRIDGE_CLASSES) {
      write(out, bridge, ownClass(bridge));
    }
    byte[] taskRunner = TaskRunnerClass.bytes();
    if (taskRunner != null) {
      write(out, TaskRunnerClass.NAME, taskRunner);
    }
    return written;
  }

  /**
   * The class rewritten, or null if nothing in it takes a monitor, parks or forks, and it is not
   * one of the lock-free collections whose inner steps become points ({@link JdkLockFreeRewriter}).
   * {@code monitors}: whether its monitors (and forks) are rewritten too, or its parks only.
   */
  static byte[] rewrite(byte[] original, boolean monitors) {
    ClassReader reader = new ClassReader(original);
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    JdkLockFreeRewriter lockFree =
        JdkLockFreeRewriter.rewrites(reader.getClassName())
            ? new JdkLockFreeRewriter(writer)
            : null;
    ClassVisitor afterLockFree = lockFree != null ? lockFree : writer;
    String name = reader.getClassName();
    JdkClassRewriter clientCalls =
        JdkClientSocketRewriter.rewrites(name)
            ? new JdkClientSocketRewriter(afterLockFree)
            : JdkModuleCallRewriter.rewritesInJavaBase(name)
                ? new JdkModuleCallRewriter(afterLockFree)
                : null;
    ClassVisitor afterCalls = clientCalls != null ? clientCalls : afterLockFree;
    JdkCallRewriter calls = new JdkCallRewriter(afterCalls, monitors);
    JdkMonitorRewriter monitorRewriter = monitors ? new JdkMonitorRewriter(calls) : null;
    reader.accept(monitorRewriter != null ? monitorRewriter : calls, ClassReader.EXPAND_FRAMES);
    boolean changed =
        calls.changed()
            || (monitorRewriter != null && monitorRewriter.changed())
            || (lockFree != null && lockFree.changed())
            || (clientCalls != null && clientCalls.changed());
    return changed ? writer.toByteArray() : null;
  }

  private static void write(Path out, String internalName, byte[] bytes) throws IOException {
    Path target = out.resolve(internalName + ".class");
    Files.createDirectories(target.getParent());
    Files.write(target, bytes);
  }

  private static void publish(Path building, Path folder) throws IOException {
    try {
      Files.move(building, folder, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
      // another process published the same build first: theirs is as good
    } catch (AtomicMoveNotSupportedException e) {
      throw new IOException("the cache folder cannot take an atomic rename: " + folder, e);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
