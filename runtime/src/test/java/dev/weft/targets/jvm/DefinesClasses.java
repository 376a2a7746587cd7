package dev.weft.targets.jvm;

import java.io.InputStream;

/**
 * A program that defines a class from bytes while it runs (as script engines, mocking and proxy
 * libraries do) and runs a race inside it.
 */
public final class DefinesClasses {
  private DefinesClasses() {}

  /** A child loader of the program's own defines {@link Racer} anew from its class file. */
  public static void raceInAClassOfItsOwnLoader() throws Exception {
    String resource = Racer.class.getName().replace('.', '/') + ".class";
    byte[] bytes;
    try (InputStream in = DefinesClasses.class.getClassLoader().getResourceAsStream(resource)) {
      bytes = in.readAllBytes();
    }
    ByteLoader loader = new ByteLoader(DefinesClasses.class.getClassLoader());
    Class<?> copy = loader.define(Racer.class.getName(), bytes);
    if (copy == Racer.class) {
      throw new IllegalStateException("the copy must be a class of its own");
    }
    try {
      copy.getMethod("race").invoke(null);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw (Exception) e.getCause();
    }
  }

  /** Defines classes from bytes, as generated-code libraries do. */
  static final class ByteLoader extends ClassLoader {
    ByteLoader(ClassLoader parent) {
      super(parent);
    }

    Class<?> define(String name, byte[] bytes) {
      return defineClass(name, bytes, 0, bytes.length);
    }
  }
}
