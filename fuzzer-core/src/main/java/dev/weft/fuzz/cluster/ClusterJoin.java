package dev.weft.fuzz.cluster;

import com.hazelcast.core.HazelcastInstance;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.corpus.campaign.StatsLine;
import dev.weft.fuzz.exchange.CampaignExchange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * How a campaign process takes part in a cluster, in the two roles a process can have: a pool's
 * parent (the {@code fuzz} process, with or without {@code --workers}) that is the member for its
 * workers, and a pool worker that takes part through that member, so that a worker JVM replaced
 * after a run that could not be stopped leaves the membership as it was. Its signatures name no
 * Hazelcast type, so that a campaign without {@code --cluster} never loads one.
 */
public final class ClusterJoin {
  private ClusterJoin() {}

  /** The membership a pool's parent holds for its workers while they run. */
  public interface PoolMembership extends AutoCloseable {
    /** The member's address, which its workers claim findings with. */
    String address();

    /** The cluster as this member joined it: its members, none of whose entries taken in yet. */
    StatsLine.Cluster cluster();

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
      private boolean left;

      @Override
      public String address() {
        return address;
      }

      @Override
      public StatsLine.Cluster cluster() {
        int members = hz.getCluster().getMembers().size();
        return new StatsLine.Cluster(options.name(), members, members, 0, 0);
      }

      @Override
      public synchronized void close() {
        if (!left) {
          left = true;
          hz.shutdown();
        }
      }
    };
  }

  /**
   * A pool worker's exchange, through its member on this machine.
   *
   * @param soFar what the worker's JVMs before this one in the session took part with (their latest
   *     stats line's), which this one's counts go on from; null for none
   */
  public static CampaignExchange worker(
      ClusterOptions options,
      String memberAddress,
      boolean verbose,
      Path campaign,
      CampaignExchange local,
      StatsLine.Cluster soFar,
      Quarantine quarantine,
      Consumer<String> messages)
      throws IOException {
    HazelcastInstance hz = HazelcastSetup.client(options, verbose);
    try {
      ClusterExchange exchange =
          new ClusterExchange(
              hz, options.name(), memberAddress, local, campaign, quarantine, messages);
      if (soFar != null) {
        exchange.continueFrom(soFar);
      }
      return exchange;
    } catch (IOException | RuntimeException e) {
      hz.shutdown();
      throw e;
    }
  }
}
