package dev.weft.targets.statics.hidden;

/** The public face of {@link HiddenBase}: other packages name its statics through this class. */
public final class VisibleSub extends HiddenBase {
  private VisibleSub() {}
}
