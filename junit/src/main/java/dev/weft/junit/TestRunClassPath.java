package dev.weft.junit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class path of the running tests, which Weft loads the test class from with its own
 * instrumenting loader: Surefire's forks say it in {@code surefire.test.class.path} (their own
 * {@code java.class.path} may be a jar with nothing but a manifest that lists it), other runners
 * (Gradle, an IDE) in {@code java.class.path}, whose manifest-only jars are expanded too.
 */
final class TestRunClassPath {
  private TestRunClassPath() {}

  /** The entries that exist, in order, without repeats. */
  static List<Path> of(String override) {
    String path = override;
    if (path == null) {
      path = System.getProperty("surefire.test.class.path");
    }
    if (path == null || path.isBlank()) {
      path = System.getProperty("java.class.path", "");
    }
    Set<Path> entries = new LinkedHashSet<>();
    for (String part : path.split(File.pathSeparator)) {
      if (!part.isBlank()) {
        add(Path.of(part).toAbsolutePath().normalize(), entries);
      }
    }
    return new ArrayList<>(entries);
  }

  private static void add(Path entry, Set<Path> entries) {
    if (!Files.exists(entry) || !entries.add(entry)) {
      return;
    }
    if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
      for (Path listed : manifestClassPath(entry)) {
        add(listed, entries);
      }
    }
  }

  /** The entries a jar's manifest lists in {@code Class-Path}, relative to the jar. */
  private static List<Path> manifestClassPath(Path jar) {
    List<Path> listed = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      String classPath =
          manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
      if (classPath == null) {
        return listed;
      }
      URI base = jar.toUri();
      for (String item : classPath.trim().split("\\s+")) {
        if (!item.isEmpty()) {
          URI uri = base.resolve(item);
          if ("file".equals(uri.getScheme())) {
            listed.add(Path.of(uri).normalize());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the manifest of " + jar, e);
    } catch (IllegalArgumentException e) {
      // a Class-Path item that is no file URI: not ours to follow
    }
    return listed;
  }
}
