package dev.weft.runtime.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.pass.unsafe.UnsafeCounters;
import dev.weft.trace.EventKind;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code sun.misc.Unsafe} access at the offset of a field target code asked for, or inside an
 * array, is a scheduling point at the location of that field or element, the same location as its
 * plain accesses.
 */
class UnsafeAccessesTest {
  private static final String UNSAFE_SITE = "Unsafe.";

  @ParameterizedTest
  @ValueSource(strings = {"casLoopOnField", "getAndAddOnArrayElement", "getAndAddOnStatic"})
  void unsafeUpdatesAreAccessesOfTheVariablesPlainLocation(String target) throws Exception {
    RunExecutor executor = Harness.executor(UnsafeCounters.class, target);
    RunResult r = executor.execute(new RandomWalk(7), 1);
    assertThat(r.outcome())
        .as("%s: %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    Trace trace = r.trace();
    SiteTable sites = executor.sites();
    Set<Long> updated = new HashSet<>();
    Set<Long> plainlyRead = new HashSet<>();
    for (int e = 0; e < trace.size(); e++) {
      boolean unsafe = sites.get(trace.site(e)).operation().startsWith(UNSAFE_SITE);
      EventKind kind = trace.kind(e);
      if (unsafe && kind == EventKind.UPDATE) {
        updated.add(trace.location(e));
      } else if (!unsafe && kind.reads() && !kind.writes()) {
        plainlyRead.add(trace.location(e));
      }
    }
    assertThat(updated).as("locations updated through Unsafe").hasSize(1);
    assertThat(plainlyRead).containsAll(updated);
  }
}
