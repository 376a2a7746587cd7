package dev.weft.bench;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The bundled examples as the benchmark tools see them: read by reflection from the examples'
 * classes (the tools do not link against that module), each as {main class, arguments...}.
 */
final class ExampleCatalog {
  private ExampleCatalog() {}

  /** Every example, buggy and correct. */
  static List<String[]> all(Path examples) throws Exception {
    return read(examples, "all");
  }

  /** The buggy examples. */
  static List<String[]> buggy(Path examples) throws Exception {
    return read(examples, "buggy");
  }

  /** The correct twins of the buggy examples. */
  static List<String[]> twins(Path examples) throws Exception {
    return read(examples, "twins");
  }

  /** {@code FlagX(10,10)}, or the simple class name without arguments. */
  static String name(String[] example) {
    String simple = example[0].substring(example[0].lastIndexOf('.') + 1);
    return example.length == 1
        ? simple
        : simple + "(" + String.join(",", Arrays.copyOfRange(example, 1, example.length)) + ")";
  }

  private static List<String[]> read(Path examples, String which) throws Exception {
    List<String[]> out = new ArrayList<>();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {examples.toUri().toURL()}, ExampleCatalog.class.getClassLoader())) {
      Class<?> catalog = loader.loadClass("dev.weft.examples.Catalog");
      for (Object example : (List<?>) catalog.getMethod(which).invoke(null)) {
        String mainClass = (String) example.getClass().getMethod("mainClass").invoke(example);
        String[] args = (String[]) example.getClass().getMethod("args").invoke(example);
        String[] entry = new String[args.length + 1];
        entry[0] = mainClass;
        System.arraycopy(args, 0, entry, 1, args.length);
        out.add(entry);
      }
    }
    return out;
  }
}
