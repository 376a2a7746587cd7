package dev.weft.corpus;

import java.io.IOException;

/** A Weft file that is truncated, altered, of another version, or not a Weft file at all. */
public final class CorruptFileException extends IOException {
  private static final long serialVersionUID = 1L;

  public CorruptFileException(String message) {
    super(message);
  }
}
