package dev.weft.runtime.check;

import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Instruments every class of the given jars (or class directories) exactly as Weft does for a
 * target (one class path of all of them, a {@link TargetClassLoader} that defines the instrumented
 * bytes) and makes the JVM verify each one, by linking it: a rewrite that breaks real bytecode
 * shows here as a {@link VerifyError} on some library's class, not on a user's program. Linking
 * needs no initialiser to run, so no library code runs. A class that cannot be linked for want of a
 * class outside the jars (an optional dependency) is counted apart: the original bytes would fail
 * the same way.
 */
public final class InstrumentationCheck {
  /** Errors printed in full per jar. */
  private static final int DETAILED = 3;

  /** What one jar gave. */
  public record JarReport(
      Path jar,
      int classes,
      int instrumented,
      List<String> notInstrumented,
      List<String> verifyErrors,
      int missingDependencies) {}

  private InstrumentationCheck() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.err.println("usage: check-instrumentation JAR...");
      System.exit(2);
    }
    List<Path> jars = new ArrayList<>();
    for (String a : args) {
      jars.add(Path.of(a));
    }
    List<JarReport> reports = check(jars);
    print(reports, System.out);
    long errors = reports.stream().mapToLong(r -> r.verifyErrors().size()).sum();
    System.exit(errors == 0 ? 0 : 1);
  }

  /** Checks every class of every jar, each jar's classes seeing all the jars as class path. */
  public static List<JarReport> check(List<Path> jars) throws IOException {
    TargetClassPath classPath = new TargetClassPath(jars);
    Instrumenter instrumenter = new Instrumenter(classPath, new SiteTable(), new FieldTable());
    TargetClassLoader loader = new TargetClassLoader(instrumenter);
    List<JarReport> reports = new ArrayList<>();
    for (Path jar : jars) {
      reports.add(checkJar(jar, instrumenter, loader));
    }
    return reports;
  }

  private static JarReport checkJar(Path jar, Instrumenter instrumenter, TargetClassLoader loader)
      throws IOException {
    List<String> names = classNames(jar);
    List<String> errors = new ArrayList<>();
    int missing = 0;
    for (String name : names) {
      try {
        Class<?> c = Class.forName(name, false, loader);
        c.getDeclaredFields(); // links the class: the JVM verifies it
      } catch (VerifyError | ClassFormatError e) {
        errors.add(name + ": " + e);
      } catch (LinkageError | ClassNotFoundException e) {
        missing++;
      }
    }
    Map<String, String> skipped = instrumenter.skippedClasses();
    List<String> notInstrumented = new ArrayList<>();
    for (String name : names) {
      String why = skipped.get(name);
      if (why != null) {
        notInstrumented.add(name + ": " + why);
        if (why.startsWith(Instrumenter.REJECTED)) {
          errors.add(name + ": " + why); // rejected when defined, then defined uninstrumented
        }
      }
    }
    return new JarReport(
        jar, names.size(), names.size() - notInstrumented.size(), notInstrumented, errors, missing);
  }

  /**
   * Binary names of the classes of a jar (its base version) or a directory of classes; no module
   * descriptors.
   */
  static List<String> classNames(Path jar) throws IOException {
    List<String> entries = new ArrayList<>();
    if (Files.isDirectory(jar)) {
      try (Stream<Path> files = Files.walk(jar)) {
        files.forEach(
            f -> entries.add(jar.relativize(f).toString().replace(File.separatorChar, '/')));
      }
    } else {
      try (JarFile file = new JarFile(jar.toFile())) {
        Enumeration<JarEntry> all = file.entries();
        while (all.hasMoreElements()) {
          entries.add(all.nextElement().getName());
        }
      }
    }
    List<String> names = new ArrayList<>();
    for (String entry : entries) {
      if (entry.endsWith(".class")
          && !entry.startsWith("META-INF/")
          && !entry.endsWith("module-info.class")) {
        names.add(entry.substring(0, entry.length() - 6).replace('/', '.'));
      }
    }
    return names;
  }

  static void print(List<JarReport> reports, PrintStream out) {
    out.printf(
        "%-48s | %7s | %12s | %13s | %s%n",
        "jar", "classes", "instrumented", "verify errors", "not linkable (missing deps)");
    for (JarReport r : reports) {
      out.printf(
          "%-48s | %7d | %12d | %13d | %d%n",
          r.jar().getFileName(),
          r.classes(),
          r.instrumented(),
          r.verifyErrors().size(),
          r.missingDependencies());
    }
    for (JarReport r : reports) {
      String jar = r.jar().getFileName().toString();
      for (int i = 0; i < r.verifyErrors().size(); i++) {
        String e = r.verifyErrors().get(i);
        out.println();
        out.println(jar + ": " + (i < DETAILED ? e : firstLine(e) + " " + where(e)));
      }
      for (String e : r.notInstrumented()) {
        out.println(jar + ": not instrumented: " + firstLine(e));
      }
    }
  }

  /** The location and reason lines of a verifier's message. */
  private static String where(String error) {
    StringBuilder b = new StringBuilder();
    String[] lines = error.split("\n");
    for (int i = 0; i + 1 < lines.length; i++) {
      String l = lines[i].trim();
      if (l.equals("Location:") || l.equals("Reason:")) {
        b.append(" | ").append(lines[i + 1].trim());
      }
    }
    return b.toString();
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
