package dev.weft.targets.statics.hidden;

/**
 * A package-private class whose public static members code elsewhere reaches through a subclass.
 */
class HiddenBase {
  public static int count = start();

  HiddenBase() {}

  private static int start() {
    return 1;
  }

  public static int next() {
    return ++count;
  }
}
