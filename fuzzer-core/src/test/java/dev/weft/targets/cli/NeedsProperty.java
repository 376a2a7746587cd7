package dev.weft.targets.cli;

/**
 * Fails only when the JVM has the system property {@value #PROPERTY}: a program configured by its
 * JVM's options, which Weft must pass on with {@code --jvm-opt} and replay with.
 */
public final class NeedsProperty {
  public static final String PROPERTY = "weft.test.configured";

  private NeedsProperty() {}

  public static void main(String[] args) {
    String value = System.getProperty(PROPERTY);
    if (value != null) {
      throw new IllegalStateException("configured with " + value);
    }
  }
}
