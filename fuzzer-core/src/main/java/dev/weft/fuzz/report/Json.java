package dev.weft.fuzz.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The summary file and {@code status --json} as JSON, through Jackson like every other JSON file
 * Weft writes: two spaces deep, {@code "key": value}, one value a line, keys in insertion order.
 * Values other than maps, lists, strings, numbers and booleans are written as their text, so a
 * {@code Path} or an enum reads as it prints.
 */
public final class Json {
  private static final DefaultIndenter TWO_SPACES = new DefaultIndenter("  ", "\n");

  private static final ObjectWriter WRITER =
      new ObjectMapper()
          .writer(
              new DefaultPrettyPrinter()
                  .withSeparators(
                      Separators.createDefaultInstance()
                          .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                          .withObjectEmptySeparator("")
                          .withArrayEmptySeparator(""))
                  .withObjectIndenter(TWO_SPACES)
                  .withArrayIndenter(TWO_SPACES));

  private Json() {}

  public static String write(Object value) {
    try {
      return WRITER.writeValueAsString(plain(value)) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The value as maps with string keys, lists, strings, numbers and booleans only. */
  private static Object plain(Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Number
        || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), plain(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(plain(v)));
      return out;
    }
    return value.toString();
  }
}
