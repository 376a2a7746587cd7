package dev.weft.targets.cli;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes a private JDK field accessible, as serialisers and mocking libraries do: JDK 17 refuses
 * unless {@code java.base/java.util.concurrent.atomic} is opened to the program.
 */
public final class ReflectsIntoJdk {
  private ReflectsIntoJdk() {}

  public static void main(String[] args) throws ReflectiveOperationException {
    try {
      AtomicInteger.class.getDeclaredField("value").setAccessible(true);
    } catch (RuntimeException e) {
      throw new IllegalStateException("cannot read the counter", e); // the cause is what counts
    }
  }
}
