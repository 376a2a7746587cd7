package dev.weft.cli;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Parses {@code 90}, {@code 90s}, {@code 5m}, {@code 2h}, {@code 500ms}: the durations of the
 * command line, and of {@code @WeftTest} and the configuration that overrides it.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    try {
      return parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }

  /** The duration {@code value} says; IllegalArgumentException naming the forms it may take. */
  public static Duration parse(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (v.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
      }
      char unit = v.charAt(v.length() - 1);
      if (Character.isDigit(unit)) {
        return Duration.ofSeconds(Long.parseLong(v));
      }
      long n = Long.parseLong(v.substring(0, v.length() - 1));
      switch (unit) {
        case 's':
          return Duration.ofSeconds(n);
        case 'm':
          return Duration.ofMinutes(n);
        case 'h':
          return Duration.ofHours(n);
        default:
          break;
      }
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      // fall through to the error below
    }
    throw new IllegalArgumentException(
        "'" + value + "' is not a duration; use e.g. 500ms, 60s, 5m or 2h");
  }
}
