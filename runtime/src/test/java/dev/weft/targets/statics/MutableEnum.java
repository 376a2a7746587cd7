package dev.weft.targets.statics;

/** An enum whose constant carries state: reusing its class would carry it into the next run. */
public final class MutableEnum {
  private MutableEnum() {}

  enum Counter {
    ONLY;

    int count;
  }

  public static void count() {
    Counter.ONLY.count++;
  }
}
