package dev.weft.runtime;

import dev.weft.runtime.exec.TargetSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The test targets under a package, found by scanning this module's compiled test classes: every
 * public static no-argument method of every top-level class, and every class's {@code
 * main(String[])} (run without arguments). A test over a package picks up new targets without a
 * hand-kept list.
 */
public final class TargetScan {
  private TargetScan() {}

  /** One target; its name is {@code Class::method}, or the class's simple name for a main. */
  public record Target(String name, TargetSpec spec) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** Every target in {@code packageName} and its sub-packages, by class name then method name. */
  public static List<Target> under(String packageName) {
    Path classes = Harness.testTargetsPath();
    Path root = classes.resolve(packageName.replace('.', '/'));
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("no compiled test classes in " + root);
    }
    List<String> classNames = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files
          .map(p -> classes.relativize(p).toString().replace('\\', '/'))
          .filter(f -> f.endsWith(".class") && !f.contains("$"))
          .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .forEach(classNames::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Target> out = new ArrayList<>();
    for (String className : classNames) {
      out.addAll(targetsOf(className));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no targets under " + packageName);
    }
    return out;
  }

  private static List<Target> targetsOf(String className) {
    Class<?> c;
    try {
      c = Class.forName(className, false, TargetScan.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    String simple = c.getSimpleName();
    List<Target> out = new ArrayList<>();
    for (Method m : c.getDeclaredMethods()) {
      int mod = m.getModifiers();
      if (!Modifier.isPublic(mod) || !Modifier.isStatic(mod) || m.isSynthetic()) {
        continue;
      }
      if (m.getParameterCount() == 0) {
        out.add(
            new Target(
                simple + "::" + m.getName(), TargetSpec.method(className + "::" + m.getName())));
      } else if (m.getName().equals("main")
          && m.getParameterCount() == 1
          && m.getParameterTypes()[0] == String[].class) {
        out.add(new Target(simple, TargetSpec.main(className, List.of())));
      }
    }
    out.sort(Comparator.comparing(Target::name));
    return out;
  }
}
