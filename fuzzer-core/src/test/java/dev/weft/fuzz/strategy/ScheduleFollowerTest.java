package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.ObservedPrefix;
import dev.weft.graph.mutation.Schedule;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.runtime.trace.EventKind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A planned run puts thread B's one event right after thread A's event at site 3. The run that
 * follows the schedule takes another path in A; B must still come right after A's site 3.
 */
class ScheduleFollowerTest {
  /** A: sites 1, 2, 3, 4; B: site 9; planned order A1 A2 A3 B9 A4. */
  private static final Schedule PLAN =
      new Schedule(
          List.of("a", "b"),
          new int[][] {{0, 1, 2, 4}, {3}},
          ObservedPrefix.NONE,
          (t, i) -> new long[][] {{1, 2, 3, 4}, {9}}[t][i]);

  @Test
  void followsThePlannedRunWhereNothingDiffers() {
    assertThat(play(true, new int[] {1, 2, 3, 4})).containsExactly("a1", "a2", "a3", "b9", "a4");
  }

  @Test
  void aThreadThatSkipsAPlannedEventIsMatchedAgainByItsSites() {
    assertThat(play(true, new int[] {1, 3, 4})).containsExactly("a1", "a3", "b9", "a4");
    // by index alone, A's third event (site 4) took the planned third's place
    assertThat(play(false, new int[] {1, 3, 4})).containsExactly("a1", "a3", "a4", "b9");
  }

  @Test
  void anExtraEventTakesTheNextPlannedPlaceWithoutUsingItUp() {
    assertThat(play(true, new int[] {1, 2, 7, 3, 4}))
        .containsExactly("a1", "a2", "a7", "a3", "b9", "a4");
    assertThat(play(false, new int[] {1, 2, 7, 3, 4}))
        .containsExactly("a1", "a2", "a7", "b9", "a3", "a4");
  }

  /** Runs A with the given sites and B with site 9 under the follower; the events in run order. */
  private static List<String> play(boolean bySite, int[] sitesOfA) {
    int[][] program = {sitesOfA, {9}};
    ScheduleFollower follower = new ScheduleFollower(PLAN, bySite ? site -> site : null);
    follower.beginRun(1);
    Point point = new Point(program);
    List<String> order = new ArrayList<>();
    while (point.enabledCount() > 0) {
      int thread = point.enabledThread(follower.choose(point));
      order.add(point.threadName(thread) + program[thread][point.next[thread]]);
      point.next[thread]++;
      point.current = thread;
    }
    return order;
  }

  /** Threads that run their sites in order and are always enabled until done. */
  private static final class Point implements SchedulingPoint {
    private final int[][] program;
    final int[] next;
    int current;

    Point(int[][] program) {
      this.program = program;
      this.next = new int[program.length];
    }

    private int[] enabled() {
      return IntStream.range(0, program.length).filter(t -> next[t] < program[t].length).toArray();
    }

    @Override
    public int step() {
      return next[0] + next[1];
    }

    @Override
    public int currentThread() {
      return current;
    }

    @Override
    public int enabledCount() {
      return enabled().length;
    }

    @Override
    public int enabledThread(int i) {
      return enabled()[i];
    }

    @Override
    public int threadCount() {
      return program.length;
    }

    @Override
    public EventKind pendingKind(int thread) {
      return EventKind.READ;
    }

    @Override
    public long pendingLocation(int thread) {
      return 1;
    }

    @Override
    public int pendingSite(int thread) {
      return program[thread][next[thread]];
    }

    @Override
    public long pendingVariable(int thread) {
      return 1;
    }

    @Override
    public int pendingIndexInThread(int thread) {
      return next[thread];
    }

    @Override
    public String threadName(int thread) {
      return thread == 0 ? "a" : "b";
    }
  }
}
