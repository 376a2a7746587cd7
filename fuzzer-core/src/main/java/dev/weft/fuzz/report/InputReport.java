package dev.weft.fuzz.report;

import java.util.HexFormat;
import java.util.List;

/**
 * The input part of a fuzz target's finding: the bytes (what a replay gives the target again) and,
 * more useful to a reader, the values the target consumed from them, in order ({@code consumeByte()
 * = 82}), as its data provider handed them out.
 */
public final class InputReport {
  /** Bytes shown in hex, at most; the file keeps them all. */
  static final int SHOWN_BYTES = 256;

  private InputReport() {}

  /** One line for the console: the input's length and its first bytes. */
  public static String oneLine(byte[] input) {
    return "input: " + input.length + " bytes" + (input.length == 0 ? "" : " " + hex(input, 32));
  }

  /** The report's section: bytes, then the consumed values. */
  public static String section(byte[] input, List<String> consumed) {
    StringBuilder s = new StringBuilder();
    s.append(System.lineSeparator())
        .append("Input (")
        .append(input.length)
        .append(" bytes; the replay gives the target the same bytes):")
        .append(System.lineSeparator())
        .append("  ")
        .append(input.length == 0 ? "(empty)" : hex(input, SHOWN_BYTES))
        .append(System.lineSeparator());
    if (!consumed.isEmpty()) {
      s.append("Values the target consumed, in order:").append(System.lineSeparator());
      for (String value : consumed) {
        s.append("  ").append(value).append(System.lineSeparator());
      }
    }
    return s.toString();
  }

  private static String hex(byte[] input, int most) {
    int n = Math.min(input.length, most);
    String shown = HexFormat.ofDelimiter(" ").formatHex(input, 0, n);
    return input.length > n ? shown + " ... (" + (input.length - n) + " more)" : shown;
  }
}
