package dev.weft.cli;

import java.time.Duration;

/** A duration as a user writes it on the command line ({@code 90s}, {@code 5m}, {@code 1h30m}). */
final class DurationText {
  private DurationText() {}

  static String of(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return ms + "ms";
    }
    long s = ms / 1000;
    StringBuilder out = new StringBuilder();
    if (s >= 3600) {
      out.append(s / 3600).append('h');
      s %= 3600;
    }
    if (s >= 60) {
      out.append(s / 60).append('m');
      s %= 60;
    }
    if (s > 0 || out.length() == 0) {
      out.append(s).append('s');
    }
    return out.toString();
  }
}
