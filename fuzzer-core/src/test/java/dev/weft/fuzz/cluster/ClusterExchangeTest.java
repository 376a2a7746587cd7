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

  private ClusterExchange exchange(HazelcastInstance hz, String name, List<String> messages)
      throws Exception {
    Path campaign = dir.resolve(name);
    Files.createDirectories(new CampaignDirectory(campaign).corpus());
    return new ClusterExchange(
        hz,
        "unit",
        "127.0.0.1:25741",
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
