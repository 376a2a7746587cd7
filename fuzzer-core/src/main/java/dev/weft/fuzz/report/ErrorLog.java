package dev.weft.fuzz.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where Weft's own failure goes in full: a stack trace means something to Weft's developers, not to
 * the user, who gets one line that says what failed and where the stack is ({@code weft-error.log}
 * beside {@code summary.json}).
 */
public final class ErrorLog {
  public static final String NAME = "weft-error.log";

  private ErrorLog() {}

  /**
   * Writes the stack of {@code error} to {@code dir}'s error log; returns the file, or null if it
   * could not be written.
   */
  public static Path write(Path dir, Throwable error) {
    StringWriter text = new StringWriter();
    error.printStackTrace(new PrintWriter(text));
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(NAME);
      Files.writeString(file, text.toString());
      return file;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The first line of what {@code error} says ({@code VerifyError}s say a page). */
  public static String oneLine(Throwable error) {
    String text = error.toString();
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
