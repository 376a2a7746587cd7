package dev.weft.runtime.instrument;

import dev.weft.runtime.instrument.calls.ModelCalls;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * The user's compiled classes (directories and jars given with {@code --cp}). Weft reads class
 * bytes from here and never lets the application class loader see them, so each run can load them
 * afresh.
 */
public final class TargetClassPath implements AutoCloseable {
  private final List<Path> entries;
  private final URLClassLoader resources;

  /** Loads the test framework's classes uninstrumented; made at its first use. */
  private URLClassLoader framework;

  public TargetClassPath(List<Path> entries) {
    this.entries = List.copyOf(entries);
    List<URL> urls = new ArrayList<>();
    for (Path p : entries) {
      if (!Files.exists(p)) {
        throw new IllegalArgumentException("class path entry does not exist: " + p);
      }
      try {
        urls.add(p.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("bad class path entry: " + p, e);
      }
    }
    this.resources =
        new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
  }

  /** Parses a path-separator separated list. */
  public static TargetClassPath parse(String classPath) {
    List<Path> entries = new ArrayList<>();
    for (String part : classPath.split(java.io.File.pathSeparator)) {
      if (!part.isBlank()) {
        entries.add(Path.of(part));
      }
    }
    return new TargetClassPath(entries);
  }

  public List<Path> entries() {
    return entries;
  }

  /** Weft's stand-ins for JDK thread pools ({@link ModelCalls#PER_RUN_PACKAGE}). */
  static final String PER_RUN_PACKAGE = ModelCalls.PER_RUN_PACKAGE;

  /** Class file bytes, or null when the class is not on this path (nor one of Weft's models). */
  public byte[] bytes(String className) {
    String resource = className.replace('.', '/') + ".class";
    URL url =
        className.startsWith(PER_RUN_PACKAGE)
            ? TargetClassPath.class.getClassLoader().getResource(resource)
            : resources.findResource(resource);
    if (url == null) {
      return null;
    }
    try (InputStream in = url.openStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + url, e);
    }
  }

  public URL resource(String name) {
    return resources.findResource(name);
  }

  public java.util.Enumeration<URL> resources(String name) throws IOException {
    return resources.findResources(name);
  }

  /**
   * The loader of the test framework's classes on this path ({@link TestFrameworkClasses}),
   * uninstrumented and shared by every run.
   */
  synchronized ClassLoader frameworkLoader() {
    if (framework == null) {
      framework = new URLClassLoader(resources.getURLs(), ClassLoader.getPlatformClassLoader());
    }
    return framework;
  }

  ClassFileLocator locator() {
    return new ClassFileLocator.Compound(
        ClassFileLocator.ForClassLoader.of(resources),
        ClassFileLocator.ForClassLoader.ofSystemLoader());
  }

  @Override
  public void close() throws IOException {
    resources.close();
    synchronized (this) {
      if (framework != null) {
        framework.close();
      }
    }
  }
}
