package dev.weft.fuzz.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.hazelcast.core.HazelcastInstance;
import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.fuzz.exchange.Alone;
import dev.weft.fuzz.exchange.CampaignExchange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two campaigns sharing one member (the cluster's maps are the same whichever member holds them):
 * an entry one publishes is announced to the other at once, and the sightings one makes of a
 * finding the other wrote reach the other once.
 */
class ClusterExchangeTest {
  @TempDir Path dir;

  @Test
  void entriesAreAnnouncedAsTheyComeAndSightingsReachTheWriterOnce() throws Exception {
    int port = 25741;
    ClusterOptions options = ClusterOptions.of("unit", port, List.of("127.0.0.1:" + port), null);
    HazelcastInstance hz =
        HazelcastSetup.member(options, new MemberIdentity("target", "version"), false);
    List<String> messages = new ArrayList<>();
    try (ClusterExchange a = exchange(hz, "a", messages);
        ClusterExchange b = exchange(hz, "b", messages)) {
      assertThat(a.receive()).isEmpty();
      assertThat(b.receive()).isEmpty();
      assertThat(b.hasArrivals()).isFalse();

      CorpusEntry entry =
          new CorpusEntry(
              0,
              7,
              new byte[0],
              new int[] {1, 2},
              new long[] {42L, 43L},
              1000,
              "first",
              null,
              1,
              System.currentTimeMillis());
      Path file = new CorpusStore(new CampaignDirectory(dir.resolve("a")).corpus()).add(entry);
      a.publish(entry, file);
      await(b::hasArrivals);
      assertThat(b.hasArrivals()).as("b told of a's entry before its next stats line").isTrue();
      assertThat(a.hasArrivals()).as("a's own entry is no arrival to a").isFalse();
      List<CampaignExchange.SharedEntry> got = b.receive();
      assertThat(got)
          .singleElement()
          .satisfies(e -> assertThat(e.entry().coverageKeys()).containsExactly(42L, 43L));
      assertThat(b.hasArrivals()).isFalse();

      b.seenElsewhere("exception-0000002a");
      b.seenElsewhere("exception-0000002a");
      assertThat(b.shareSightings(Set.of())).isEmpty();
      assertThat(a.shareSightings(Set.of("exception-0000002a")))
          .isEqualTo(Map.of("exception-0000002a", 2L));
      assertThat(a.shareSightings(Set.of("exception-0000002a"))).as("taken once").isEmpty();
      b.seenElsewhere("exception-0000002a");
      b.shareSightings(Set.of());
      assertThat(a.shareSightings(Set.of("exception-0000002a")))
          .isEqualTo(Map.of("exception-0000002a", 1L));
    } finally {
      hz.shutdown();
    }
    assertThat(messages).as("no trouble with the cluster").isEmpty();
  }

  /**
   * Three members' campaigns, one after the other on one member (the member they name is a fiction
   * of the claims; none of them is alive): a finding one wrote stays the writer's in the
   * directories of the two others after the whole cluster stopped, whether they learnt it by
   * claiming it (b) or by being told as it was marked written (c), and before they ask the new
   * cluster anything.
   */
  @Test
  void findingsWrittenElsewhereAreRememberedAcrossARestartOfTheWholeCluster() throws Exception {
    int port = 25742;
    ClusterOptions options = ClusterOptions.of("unit", port, List.of("127.0.0.1:" + port), null);
    String id = "assertion-0000002a";
    List<String> messages = new ArrayList<>();
    HazelcastInstance hz =
        HazelcastSetup.member(options, new MemberIdentity("target", "version"), false);
    try (ClusterExchange a = exchange(hz, "a", "127.0.0.1:1", messages);
        ClusterExchange b = exchange(hz, "b", "127.0.0.1:2", messages);
        ClusterExchange c = exchange(hz, "c", "127.0.0.1:3", messages)) {
      assertThat(a.claim(id).ours()).isTrue();
      a.written(id);
      assertThat(b.claim(id).holder()).isEqualTo("member 127.0.0.1:1");
      await(() -> c.holder(id) != null);
      assertThat(c.holder(id)).as("c told as a marked it written").isEqualTo("member 127.0.0.1:1");
      c.shareSightings(Set.of());
    } finally {
      hz.shutdown();
    }
    hz = HazelcastSetup.member(options, new MemberIdentity("target", "version"), false);
    try (ClusterExchange b = exchange(hz, "b", "127.0.0.1:2", messages);
        ClusterExchange c = exchange(hz, "c", "127.0.0.1:3", messages)) {
      assertThat(b.holder(id)).isEqualTo("member 127.0.0.1:1");
      assertThat(c.holder(id)).isEqualTo("member 127.0.0.1:1");
      assertThat(b.claim(id).ours())
          .as("the new cluster has no claim, b's directory has")
          .isFalse();
      assertThat(c.claim(id).ours()).isFalse();
    } finally {
      hz.shutdown();
    }
    assertThat(messages).as("no trouble with the cluster").isEmpty();
  }

  private ClusterExchange exchange(HazelcastInstance hz, String name, List<String> messages)
      throws Exception {
    return exchange(hz, name, "127.0.0.1:25741", messages);
  }

  private ClusterExchange exchange(
      HazelcastInstance hz, String name, String self, List<String> messages) throws Exception {
    Path campaign = dir.resolve(name);
    Files.createDirectories(new CampaignDirectory(campaign).corpus());
    return new ClusterExchange(
        hz,
        "unit",
        self,
        new Alone(),
        campaign,
        new Quarantine(campaign.resolve("quarantine"), messages::add),
        messages::add);
  }

  private static void await(BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }
}
