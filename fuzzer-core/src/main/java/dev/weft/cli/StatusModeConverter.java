package dev.weft.cli;

import dev.weft.fuzz.status.StatusDisplay;
import picocli.CommandLine;

/** Parses {@code --status auto|screen|lines}, deciding {@code auto} by the console. */
final class StatusModeConverter implements CommandLine.ITypeConverter<StatusDisplay.Mode> {
  @Override
  public StatusDisplay.Mode convert(String value) {
    try {
      return StatusDisplay.Mode.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
