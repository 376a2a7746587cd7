package dev.weft.graph.segment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.InterleavingGraph;
import dev.weft.graph.TraceBuilder;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AccessWindowsTest {
  /**
   * Every vertex's window, for widths 0 to 5 over a run with lock operations (which do not count)
   * between the accesses, is the one found by walking its thread from the vertex.
   */
  @Test
  void windowsAreThoseFoundByWalkingFromEachVertex() {
    InterleavingGraph g = TraceBuilder.randomRun(new Random(5), 600, 4).graph();
    for (int window = 0; window <= 5; window++) {
      AccessWindows windows = new AccessWindows(g, window);
      for (int v = 0; v < g.vertexCount(); v++) {
        assertThat(windows.start(v))
            .as("start of %d, window %d", v, window)
            .isEqualTo(walkBack(g, v, window));
        assertThat(windows.end(v))
            .as("end of %d, window %d", v, window)
            .isEqualTo(walkOn(g, v, window));
      }
    }
  }

  private static int walkBack(InterleavingGraph g, int v, int window) {
    int t = g.thread(v);
    int i = g.indexInThread(v);
    while (i > 0 && g.accessIndex(g.event(t, i - 1)) >= g.accessIndex(v) - window) {
      i--;
    }
    return i;
  }

  private static int walkOn(InterleavingGraph g, int v, int window) {
    int t = g.thread(v);
    int i = g.indexInThread(v);
    while (i < g.eventsInThread(t) - 1
        && g.accessIndex(g.event(t, i + 1)) <= g.accessIndex(v) + window) {
      i++;
    }
    return i;
  }
}
