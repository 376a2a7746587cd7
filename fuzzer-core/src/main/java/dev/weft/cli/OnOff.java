package dev.weft.cli;

/** An option that is {@code on} or {@code off}, with a message naming it for anything else. */
final class OnOff {
  private OnOff() {}

  static boolean parse(String option, String value) {
    switch (value) {
      case "on":
        return true;
      case "off":
        return false;
      default:
        throw new IllegalArgumentException(option + " takes on or off, not '" + value + "'");
    }
  }
}
