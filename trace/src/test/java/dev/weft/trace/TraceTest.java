package dev.weft.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceTest {
  private static final int EVENTS = 3 * Trace.CHUNK + 123;

  @Test
  void keepsEveryEventAcrossChunksAndNoMoreRoomThanOneChunk() {
    Trace trace = new Trace();
    int[] perThread = new int[3];
    for (int i = 0; i < EVENTS; i++) {
      int t = (i / 7) % 3;
      assertThat(trace.append(t, EventKind.of(i % 4), i * 3, 10L * i + (1L << 40))).isEqualTo(i);
      perThread[t]++;
      assertThat(trace.capacity()).isLessThan(Math.max(256, trace.size() + Trace.CHUNK));
    }
    trace.setKind(Trace.CHUNK + 5, EventKind.UPDATE);
    int[] seen = new int[3];
    for (int i = 0; i < EVENTS; i++) {
      int t = (i / 7) % 3;
      assertThat(trace.thread(i)).isEqualTo(t);
      assertThat(trace.indexInThread(i)).isEqualTo(seen[t]++);
      assertThat(trace.kind(i))
          .isEqualTo(i == Trace.CHUNK + 5 ? EventKind.UPDATE : EventKind.of(i % 4));
      assertThat(trace.site(i)).isEqualTo(i * 3);
      assertThat(trace.location(i)).isEqualTo(10L * i + (1L << 40));
    }
    assertThat(trace.size()).isEqualTo(EVENTS);
    for (int t = 0; t < 3; t++) {
      assertThat(trace.eventsOf(t)).isEqualTo(perThread[t]);
    }
  }

  @Test
  void aReservedFirstChunkHoldsTheExpectedEventsAtOnceAndNeverMoreThanAChunk() {
    Trace sized = new Trace();
    sized.reserve(5_000);
    assertThat(sized.capacity()).isEqualTo(8_192);
    for (int i = 0; i < 5_000; i++) {
      sized.append(i % 2, EventKind.READ, i, i);
    }
    assertThat(sized.capacity()).as("no growth on the way").isEqualTo(8_192);
    sized.reserve(20_000);
    assertThat(sized.capacity()).as("only an empty trace is resized").isEqualTo(8_192);
    assertThat(sized.site(4_999)).isEqualTo(4_999);

    Trace huge = new Trace();
    huge.reserve(10 * Trace.CHUNK);
    assertThat(huge.capacity()).isEqualTo(Trace.CHUNK);
    Trace small = new Trace();
    small.reserve(10);
    assertThat(small.capacity()).isEqualTo(256);
  }
}
