package dev.weft.fuzz.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.graph.ObservedPrefix;
import dev.weft.graph.mutation.Schedule;
import dev.weft.runtime.api.SchedulingPoint;
import dev.weft.trace.EventKind;
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

  @Test
  void aThreadSpinningLongerThanPlannedLetsTheThreadItWaitsForRun() {
    // planned: A read the flag once (site 5) and went on (site 2) before B set it (site 9); in
    // this run A spins on site 5 until one of its reads comes after B's event
    Schedule plan =
        new Schedule(
            List.of("a", "b"),
            new int[][] {{0, 1}, {2}},
            ObservedPrefix.NONE,
            (t, i) -> new long[][] {{5, 2}, {9}}[t][i]);
    Script spin =
        (thread, run) -> {
          int b = run.indexOf("b9");
          if (thread == 1) {
            return b < 0 ? 9 : DONE;
          }
          boolean sawFlag = b >= 0 && run.subList(b, run.size()).contains("a5");
          return run.contains("a2") ? DONE : sawFlag ? 2 : 5;
        };
    // the first unmatched spins stand in for A's next planned event (site 2), which comes before
    // B's; then A waits behind B
    List<String> expected = new ArrayList<>(List.of("a5"));
    for (int i = 0; i < ScheduleFollower.STAND_INS; i++) {
      expected.add("a5");
    }
    expected.addAll(List.of("b9", "a5", "a2"));
    assertThat(play(new ScheduleFollower(plan, site -> site), spin))
        .containsExactlyElementsOf(expected);
  }

  /** Runs A with the given sites and B with site 9 under the follower; the events in run order. */
  private static List<String> play(boolean bySite, int[] sitesOfA) {
    int[][] program = {sitesOfA, {9}};
    Script fixed =
        (thread, run) -> {
          String name = thread == 0 ? "a" : "b";
          long done = run.stream().filter(e -> e.startsWith(name)).count();
          return done < program[thread].length ? program[thread][(int) done] : DONE;
        };
    return play(new ScheduleFollower(PLAN, bySite ? site -> site : null), fixed);
  }

  /** Plays threads "a" and "b" under {@code follower} (at most 100 steps); "thread site" events. */
  private static List<String> play(ScheduleFollower follower, Script script) {
    follower.beginRun(1);
    Point point = new Point(script);
    while (point.enabledCount() > 0 && point.run.size() < 100) {
      int thread = point.enabledThread(follower.choose(point));
      point.run.add(point.threadName(thread) + point.pendingSite(thread));
      point.done[thread]++;
      point.current = thread;
    }
    return point.run;
  }

  private static final int DONE = -1;

  /** A thread's next site given the run so far ({@code "a5"}, ...), or {@link #DONE}. */
  @FunctionalInterface
  private interface Script {
    int next(int thread, List<String> run);
  }

  /** Two threads, always enabled until their script says they are done. */
  private static final class Point implements SchedulingPoint {
    private final Script script;
    final List<String> run = new ArrayList<>();
    final int[] done = new int[2];
    int current;

    Point(Script script) {
      this.script = script;
    }

    private int[] enabled() {
      return IntStream.range(0, 2).filter(t -> script.next(t, run) != DONE).toArray();
    }

    @Override
    public int step() {
      return run.size();
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
      return 2;
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
      return script.next(thread, run);
    }

    @Override
    public long pendingVariable(int thread) {
      return 1;
    }

    @Override
    public int pendingIndexInThread(int thread) {
      return done[thread];
    }

    @Override
    public String threadName(int thread) {
      return thread == 0 ? "a" : "b";
    }
  }
}
