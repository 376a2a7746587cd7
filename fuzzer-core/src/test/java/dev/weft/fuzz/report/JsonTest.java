package dev.weft.fuzz.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The exact text of summary.json and {@code status --json}: users and scripts diff and parse it.
 */
class JsonTest {
  @Test
  void writesNestedValuesTwoSpacesDeepWithKeysInInsertionOrder() {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("count", 3);
    inner.put("big", 12_345_678_901L);
    inner.put("seconds", 1.25);
    inner.put("tracked", true);
    inner.put("missing", null);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("target", "com.acme.Queue");
    doc.put("inner", inner);
    doc.put("sessions", List.of(1, 2));
    doc.put("findings", List.of(Map.of("id", "f1")));
    doc.put("noNotes", new ArrayList<>());
    doc.put("noStats", new LinkedHashMap<>());

    assertThat(Json.write(doc))
        .isEqualTo(
            """
            {
              "target": "com.acme.Queue",
              "inner": {
                "count": 3,
                "big": 12345678901,
                "seconds": 1.25,
                "tracked": true,
                "missing": null
              },
              "sessions": [
                1,
                2
              ],
              "findings": [
                {
                  "id": "f1"
                }
              ],
              "noNotes": [],
              "noStats": {}
            }
            """);
  }

  @Test
  void escapesQuotesBackslashesAndLineBreaksInStrings() {
    assertThat(Json.write(Map.of("message", "a \"quoted\" C:\\path\nnext\tline\r")))
        .isEqualTo("{\n  \"message\": \"a \\\"quoted\\\" C:\\\\path\\nnext\\tline\\r\"\n}\n");
  }

  @Test
  void writesOtherObjectsAsTheirTextAndMapKeysAsStrings() {
    Map<Object, Object> doc = new LinkedHashMap<>();
    doc.put(7, Path.of("out", "summary.json"));
    assertThat(Json.write(doc))
        .isEqualTo("{\n  \"7\": \"" + Path.of("out", "summary.json") + "\"\n}\n");
  }
}
