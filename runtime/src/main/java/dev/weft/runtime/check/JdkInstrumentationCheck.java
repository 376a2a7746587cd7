package dev.weft.runtime.check;

import dev.weft.runtime.jdk.inside.InstrumentedJdk;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The instrumented JDK's check: builds the rewritten {@code java.base} (and server modules) of the
 * running JDK into a fresh folder, then has a JVM given that folder verify every rewritten class
 * ({@code -Xverify:all}: the JVM does not verify its own module's classes otherwise) by linking it,
 * and prints one table row: classes rewritten, verify errors, build time and size. Exit 0 when no
 * class fails verification.
 */
public final class JdkInstrumentationCheck {
  private static final String CHILD = "--verify-in-this-jvm";
  private static final int DETAILED = 3;

  private JdkInstrumentationCheck() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals(CHILD)) {
      System.exit(verifyHere(Path.of(args[1]), System.out));
    }
    System.exit(check(System.out));
  }

  private static int check(PrintStream out) throws IOException, InterruptedException {
    Path cache = Files.createTempDirectory("weft-jdk-check-");
    System.setProperty("weft.cache", cache.toString());
    long start = System.nanoTime();
    List<String> options = InstrumentedJdk.jvmOptions(System.err);
    double seconds = (System.nanoTime() - start) / 1e9;
    Path module = Path.of(options.get(0).substring(options.get(0).lastIndexOf('=') + 1));
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xverify:all");
    cmd.add("-Xshare:off");
    cmd.addAll(options);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(JdkInstrumentationCheck.class.getName());
    cmd.add(CHILD);
    cmd.add(module.toString());
    Process child = new ProcessBuilder(cmd).inheritIO().start();
    int code = child.waitFor();
    out.printf(
        "build: %.1f s, %d KB, JDK %s%n", seconds, sizeKb(module.getParent()), Runtime.version());
    return code;
  }

  private static long sizeKb(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum() / 1024;
    }
  }

  /**
   * In the JVM given the folder of {@code java.base} (and of the server modules beside it): links
   * each class in them; prints a row per module.
   */
  private static int verifyHere(Path base, PrintStream out) throws IOException {
    out.printf(
        "%-14s | %8s | %13s | %17s%n", "module", "rewritten", "verify errors", "not linkable here");
    int code = verifyModule("java.base", base, out);
    try (Stream<Path> siblings = Files.list(base.getParent())) {
      for (Path other : siblings.filter(Files::isDirectory).sorted().toList()) {
        if (!other.equals(base)) {
          code |= verifyModule(other.getFileName().toString(), other, out);
        }
      }
    }
    return code;
  }

  private static int verifyModule(String moduleName, Path module, PrintStream out)
      throws IOException {
    ClassLoader loader =
        ModuleLayer.boot().findModule(moduleName).map(Module::getClassLoader).orElse(null);
    List<String> names;
    try (Stream<Path> files = Files.walk(module)) {
      names =
          files
              .filter(p -> p.toString().endsWith(".class"))
              .map(p -> module.relativize(p).toString())
              .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
              .sorted()
              .toList();
    }
    List<String> verifyErrors = new ArrayList<>();
    List<String> notLinked = new ArrayList<>();
    for (String name : names) {
      try {
        Class<?> c = Class.forName(name, false, loader);
        c.getDeclaredFields(); // links the class: with -Xverify:all the JVM verifies it
      } catch (VerifyError | ClassFormatError e) {
        verifyErrors.add(name + ": " + e);
      } catch (Throwable e) {
        notLinked.add(name + ": " + e);
      }
    }
    out.printf(
        "%-14s | %8d | %13d | %17d%n",
        moduleName, names.size(), verifyErrors.size(), notLinked.size());
    verifyErrors.stream().limit(DETAILED).forEach(e -> out.println("  verify error: " + e));
    notLinked.stream().limit(DETAILED).forEach(e -> out.println("  not linkable: " + e));
    return verifyErrors.isEmpty() ? 0 : 1;
  }
}
