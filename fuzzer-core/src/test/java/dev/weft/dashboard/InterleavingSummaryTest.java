package dev.weft.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.corpus.campaign.CodeSite;
import dev.weft.corpus.campaign.InterleavingMap;
import org.junit.jupiter.api.Test;

/**
 * Lock pairs whose other order cannot happen are told apart from pairs the fuzzer has not yet run
 * both ways; everything else stays unexplored until seen.
 */
class InterleavingSummaryTest {
  private final InterleavingMap map = new InterleavingMap();

  private int site(int line, String operation) {
    return map.site(new CodeSite("com.acme.Queue", "put", "Queue.java", line, operation));
  }

  private InterleavingMap.Pair pair(InterleavingSummary s, int line1, int line2) {
    return s.listed.stream()
        .filter(p -> p.a().line() == line1 && p.b().line() == line2)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aMonitorExitBeforeAnEnterIsTheOnlyOrderAndNotLeftToExplore() {
    int enter = site(10, "monitorenter");
    int exit = site(12, "monitorexit");
    int notify = site(11, "notify");
    map.seen(exit, enter); // one thread leaves, the other comes in: the only possible order
    map.seen(exit, notify); // a notify just before another thread exits: impossible
    int read = site(20, "read Queue.count");
    int write = site(21, "write Queue.count");
    map.seen(read, write); // a data race seen one way: the other way is still to explore

    InterleavingSummary s = new InterleavingSummary(map);
    assertThat(s.oneOrderOnly(pair(s, 10, 12))).isTrue();
    assertThat(s.oneOrderOnly(pair(s, 11, 12))).isTrue();
    assertThat(s.oneOrderOnly(pair(s, 20, 21))).isFalse();
    assertThat(s.oneOrderOnly).isEqualTo(2);
    // the pair still to explore is listed first
    assertThat(s.listed.get(0).a().line()).isEqualTo(20);
    // the heat view counts the one-way pairs as done
    assertThat(s.files.get("Queue.java").get(10).oneOrderOnly()).isEqualTo(1);
  }

  @Test
  void anEnterBeforeAnotherThreadsExitWouldBeImpossibleButTheOtherWayRoundIsNot() {
    int enter = site(10, "monitorenter");
    int exit = site(12, "monitorexit");
    int enterAgain = site(30, "monitorenter");
    map.seen(enter, enterAgain); // possible: the first thread left in between
    map.seen(enter, exit); // recorded one way, and that way is the impossible one: not settled
    InterleavingSummary s = new InterleavingSummary(map);
    assertThat(s.oneOrderOnly(pair(s, 10, 30))).isFalse();
    assertThat(s.oneOrderOnly(pair(s, 10, 12))).isFalse();
  }

  @Test
  void lockCallsCountAsExclusiveOnlyWhereTheSiteAlsoMeetsAConditionOrTheTypeSaysSo() {
    // Lock.lock/unlock alone may be a read lock, which two threads hold at once
    map.seen(site(40, "Lock.unlock"), site(41, "Lock.lock"));
    // the same calls on a lock whose condition is signalled: exclusive
    int lock = site(26, "Lock.lock");
    int signal = site(32, "Condition.signal");
    int unlock = site(34, "Lock.unlock");
    map.seen(signal, lock);
    map.seen(unlock, lock);
    map.seen(site(50, "ReentrantLock.unlock"), site(51, "ReentrantLock.lock"));
    // two acquisitions can go either way
    map.seen(site(60, "ReentrantLock.lock"), site(61, "ReentrantLock.lock"));

    InterleavingSummary s = new InterleavingSummary(map);
    assertThat(s.oneOrderOnly(pair(s, 40, 41))).isFalse();
    assertThat(s.oneOrderOnly(pair(s, 26, 32))).isTrue();
    assertThat(s.oneOrderOnly(pair(s, 26, 34))).isTrue();
    assertThat(s.oneOrderOnly(pair(s, 50, 51))).isTrue();
    assertThat(s.oneOrderOnly(pair(s, 60, 61))).isFalse();
  }

  @Test
  void waitsAndSynchronizedMethodsReleaseAndAcquireSoTheirPairsGoEitherWay() {
    map.seen(site(12, "monitorexit"), site(13, "wait"));
    map.seen(site(14, "synchronized method put"), site(15, "monitorexit"));
    map.seen(site(16, "Condition.await"), site(17, "Condition.signal"));
    InterleavingSummary s = new InterleavingSummary(map);
    assertThat(s.oneOrderOnly).isZero();
  }
}
