package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An instrumented run-time class is reused only for the same bytes and the same siblings. */
class RunTimeClassCacheTest {
  private static final byte[] PROXY = {1, 2, 3};
  private static final byte[] BASE = {7, 7};

  @Test
  void reusesOnlyWhatWasInstrumentedFromTheSameBytesAndSiblings() {
    RunTimeClassCache cache = new RunTimeClassCache();
    Map<String, byte[]> consulted = new HashMap<>();
    consulted.put("gen.Base", BASE.clone());
    consulted.put("gen.Missing", null); // looked up, not defined in that run
    cache.put("gen.Proxy", new RunTimeClassCache.Entry(PROXY.clone(), consulted, new byte[] {9}));

    Map<String, byte[]> sameRun = new HashMap<>(Map.of("gen.Base", BASE.clone()));
    assertThat(cache.find("gen.Proxy", PROXY.clone(), sameRun).result()).containsExactly(9);
    assertThat(cache.find("gen.Proxy", new byte[] {1, 2, 4}, sameRun)).as("other bytes").isNull();
    assertThat(cache.find("gen.Other", PROXY.clone(), sameRun)).as("other name").isNull();

    Map<String, byte[]> otherBase = new HashMap<>(Map.of("gen.Base", new byte[] {7, 8}));
    assertThat(cache.find("gen.Proxy", PROXY.clone(), otherBase)).as("a sibling changed").isNull();
    Map<String, byte[]> noBase = new HashMap<>();
    assertThat(cache.find("gen.Proxy", PROXY.clone(), noBase)).as("a sibling is gone").isNull();
    Map<String, byte[]> moreDefined = new HashMap<>(sameRun);
    moreDefined.put("gen.Missing", new byte[] {5});
    assertThat(cache.find("gen.Proxy", PROXY.clone(), moreDefined))
        .as("a sibling absent then is defined now")
        .isNull();
    moreDefined.remove("gen.Missing");
    moreDefined.put("gen.Unrelated", new byte[] {5});
    assertThat(cache.find("gen.Proxy", PROXY.clone(), moreDefined))
        .as("a sibling never looked up does not matter")
        .isNotNull();
  }

  @Test
  void keepsAFewVariantsPerNameAndASkippedClassAsNull() {
    RunTimeClassCache cache = new RunTimeClassCache();
    for (byte v = 0; v < 6; v++) {
      cache.put(
          "gen.P",
          new RunTimeClassCache.Entry(new byte[] {v}, Map.of(), v == 5 ? null : new byte[] {v}));
    }
    assertThat(cache.find("gen.P", new byte[] {0}, Map.of())).as("oldest variants go").isNull();
    assertThat(cache.find("gen.P", new byte[] {4}, Map.of()).result()).containsExactly(4);
    assertThat(cache.find("gen.P", new byte[] {5}, Map.of()).result()).as("skipped").isNull();
  }
}
