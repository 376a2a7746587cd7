package dev.weft.runtime.jdk.inside;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;

/**
 * A sample class shaped like the JDK's, rewritten as the instrumented JDK's classes are and defined
 * in a loader of its own in this JVM (whose {@code java.base} is not patched, so the bridge it
 * calls is the copy on the class path).
 */
final class RewrittenSamples {
  private RewrittenSamples() {}

  static Class<?> rewritten(Class<?> sample, boolean monitors)
      throws IOException, ClassNotFoundException {
    String name = sample.getName();
    byte[] original;
    try (InputStream in = sample.getResourceAsStream(sample.getSimpleName() + ".class")) {
      original = in.readAllBytes();
    }
    byte[] bytes = InstrumentedJdk.rewrite(original, monitors);
    assertThat(bytes).as("the sample has what is rewritten").isNotNull();
    ClassLoader loader =
        new ClassLoader(RewrittenSamples.class.getClassLoader()) {
          @Override
          protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
            if (n.equals(name)) {
              synchronized (getClassLoadingLock(n)) {
                Class<?> c = findLoadedClass(n);
                return c != null ? c : defineClass(n, bytes, 0, bytes.length);
              }
            }
            return super.loadClass(n, resolve);
          }
        };
    return Class.forName(name, true, loader);
  }
}
