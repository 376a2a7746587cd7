package dev.weft.targets.statics;

import dev.weft.targets.statics.hidden.VisibleSub;

/**
 * Static members of a package-private superclass of another package, reached through its public
 * subclass: legal Java, and the class that declares them is one this code may not name.
 */
public final class InheritedStatics {
  private InheritedStatics() {}

  public static void throughAPublicSubclass() throws InterruptedException {
    Thread other = new Thread(() -> VisibleSub.next(), "other");
    other.start();
    VisibleSub.count += VisibleSub.next();
    other.join();
    if (VisibleSub.count < 2) {
      throw new AssertionError("count " + VisibleSub.count);
    }
  }
}
