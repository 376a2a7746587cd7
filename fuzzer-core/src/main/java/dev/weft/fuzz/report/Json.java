package dev.weft.fuzz.report;

import java.util.List;
import java.util.Map;

/**
 * Minimal JSON serialisation of maps, lists, strings, numbers and booleans: enough for the summary
 * file, without pulling a JSON library into the fuzzer's class path.
 */
public final class Json {
  private Json() {}

  public static String write(Object value) {
    StringBuilder sb = new StringBuilder();
    write(sb, value, 0);
    return sb.append('\n').toString();
  }

  private static void write(StringBuilder sb, Object value, int indent) {
    if (value == null) {
      sb.append("null");
    } else if (value instanceof String s) {
      string(sb, s);
    } else if (value instanceof Number || value instanceof Boolean) {
      sb.append(value);
    } else if (value instanceof Map<?, ?> map) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        sb.append(first ? "\n" : ",\n");
        first = false;
        pad(sb, indent + 1);
        string(sb, String.valueOf(e.getKey()));
        sb.append(": ");
        write(sb, e.getValue(), indent + 1);
      }
      if (!first) {
        sb.append('\n');
        pad(sb, indent);
      }
      sb.append('}');
    } else if (value instanceof List<?> list) {
      sb.append('[');
      for (int i = 0; i < list.size(); i++) {
        sb.append(i == 0 ? "\n" : ",\n");
        pad(sb, indent + 1);
        write(sb, list.get(i), indent + 1);
      }
      if (!list.isEmpty()) {
        sb.append('\n');
        pad(sb, indent);
      }
      sb.append(']');
    } else {
      string(sb, value.toString());
    }
  }

  private static void pad(StringBuilder sb, int indent) {
    sb.append("  ".repeat(indent));
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
