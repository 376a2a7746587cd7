package dev.weft.fuzz.cluster;

import com.hazelcast.core.HazelcastInstance;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.fuzz.exchange.CampaignExchange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * How a campaign process takes part in a cluster, in the three roles a process can have: a session
 * that is a member itself ({@code --workers 1}), a pool's parent that is the member for its
 * workers, and a pool worker that takes part through that member. Its signatures name no Hazelcast
 * type, so that a campaign without {@code --cluster} never loads one.
 */
public final class ClusterJoin {
  private ClusterJoin() {}

  /**
   * Joins as a member and returns the session's exchange; the directory's entries are published
   * first, so that the others receive them.
   *
   * @param local the exchange among this process's own workers (none: {@code Alone})
   */
  public static CampaignExchange member(
      ClusterOptions options,
      MemberIdentity identity,
      boolean verbose,
      Path campaign,
      Path corpus,
      CampaignExchange local,
      Quarantine quarantine,
      Consumer<String> messages)
      throws ClusterRefusedException, IOException {
    HazelcastInstance hz = HazelcastSetup.member(options, identity, verbose);
    try {
      ClusterExchange.publishDirectory(hz, campaign, corpus);
      return new ClusterExchange(
          hz,
          options.name(),
          ClusterExchange.address(hz.getCluster().getLocalMember()),
          local,
          campaign,
          quarantine,
          messages);
    } catch (IOException | RuntimeException e) {
      hz.shutdown();
      throw e;
    }
  }

  /** The membership a pool's parent holds for its workers while they run. */
  public interface PoolMembership extends AutoCloseable {
    /** The member's address, which its workers claim findings with. */
    String address();

    @Override
    void close();
  }

  /** Joins as the member of a pool's workers; the directory's entries are published first. */
  public static PoolMembership poolMember(
      ClusterOptions options, MemberIdentity identity, boolean verbose, Path campaign, Path corpus)
      throws ClusterRefusedException, IOException {
    HazelcastInstance hz = HazelcastSetup.member(options, identity, verbose);
    try {
      ClusterExchange.publishDirectory(hz, campaign, corpus);
    } catch (IOException | RuntimeException e) {
      hz.shutdown();
      throw e;
    }
    String address = ClusterExchange.address(hz.getCluster().getLocalMember());
    return new PoolMembership() {
      @Override
      public String address() {
        return address;
      }

      @Override
      public void close() {
        hz.shutdown();
      }
    };
  }

  /** A pool worker's exchange, through its member on this machine. */
  public static CampaignExchange worker(
      ClusterOptions options,
      String memberAddress,
      boolean verbose,
      Path campaign,
      CampaignExchange local,
      Quarantine quarantine,
      Consumer<String> messages)
      throws IOException {
    HazelcastInstance hz = HazelcastSetup.client(options, verbose);
    try {
      return new ClusterExchange(
          hz, options.name(), memberAddress, local, campaign, quarantine, messages);
    } catch (IOException | RuntimeException e) {
      hz.shutdown();
      throw e;
    }
  }
}
