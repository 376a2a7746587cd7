package dev.weft.fuzz.cluster;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.RoutingMode;
import com.hazelcast.cluster.Member;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastException;
import com.hazelcast.core.HazelcastInstance;
import java.util.Objects;

/**
 * Starts Hazelcast the way a campaign needs it: an embedded member found only through the listed
 * addresses (TCP-IP join; multicast and auto-detection off), quiet (its log goes nowhere, or to
 * stderr with {@code --verbose}), with few threads (the fuzzer's runs want the cores), quick to
 * notice a lost member and to merge clusters that formed apart, and without its own shutdown hook
 * (the session stops first and writes its summary, then leaves the cluster).
 */
final class HazelcastSetup {
  private HazelcastSetup() {}

  /**
   * Starts a member and checks that it fuzzes what the cluster fuzzes.
   *
   * @throws ClusterRefusedException if the port is taken or the cluster fuzzes something else
   */
  static HazelcastInstance member(ClusterOptions options, MemberIdentity identity, boolean verbose)
      throws ClusterRefusedException {
    quiet(verbose);
    Config config = new Config();
    config.setClusterName(options.joinName());
    config.setInstanceName("weft-" + options.name() + "-" + options.memberPort());
    config.setProperty("hazelcast.logging.type", verbose ? "jdk" : "none");
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.shutdownhook.enabled", "false");
    config.setProperty("hazelcast.graceful.shutdown.max.wait", "5");
    config.setProperty("hazelcast.wait.seconds.before.join", "1");
    config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
    config.setProperty("hazelcast.max.no.heartbeat.seconds", "15");
    config.setProperty("hazelcast.merge.first.run.delay.seconds", "5");
    config.setProperty("hazelcast.merge.next.run.delay.seconds", "5");
    config.setProperty("hazelcast.partition.count", "31");
    config.setProperty("hazelcast.io.thread.count", "1");
    config.setProperty("hazelcast.operation.thread.count", "2");
    config.setProperty("hazelcast.operation.generic.thread.count", "1");
    config.setProperty("hazelcast.event.thread.count", "1");
    config.setProperty("hazelcast.health.monitoring.level", "OFF");
    config.setProperty("hazelcast.diagnostics.enabled", "false");
    config.getJetConfig().setEnabled(false);
    config.getMetricsConfig().setEnabled(false);
    config
        .getMemberAttributeConfig()
        .setAttribute(MemberIdentity.TARGET_ATTRIBUTE, identity.target());
    config
        .getMemberAttributeConfig()
        .setAttribute(MemberIdentity.VERSION_ATTRIBUTE, identity.version());
    NetworkConfig network = config.getNetworkConfig();
    network.setPort(options.memberPort()).setPortAutoIncrement(false);
    if (options.loopbackOnly()) {
      network.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
    }
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig().setEnabled(true).setConnectionTimeoutSeconds(2);
    options.join().forEach(join.getTcpIpConfig()::addMember);
    HazelcastInstance hz;
    try {
      hz = Hazelcast.newHazelcastInstance(config);
    } catch (HazelcastException e) {
      throw new ClusterRefusedException(
          "cannot start a cluster member on port "
              + options.memberPort()
              + " ("
              + e.getMessage()
              + "); give another --member-port");
    }
    String refusal = refusal(hz, identity, options);
    if (refusal != null) {
      hz.shutdown(); // leaves at once, telling the others
      throw new ClusterRefusedException(refusal);
    }
    return hz;
  }

  /**
   * Connects a pool worker to its own member (on this machine), through which it takes part: the
   * member checked the cluster's target when it joined.
   */
  static HazelcastInstance client(ClusterOptions options, boolean verbose) {
    quiet(verbose);
    ClientConfig config = new ClientConfig();
    config.setClusterName(options.joinName());
    config.setProperty("hazelcast.logging.type", verbose ? "jdk" : "none");
    config.setProperty("hazelcast.client.shutdownhook.enabled", "false");
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.getNetworkConfig().addAddress("127.0.0.1:" + options.memberPort());
    config.getNetworkConfig().getClusterRoutingConfig().setRoutingMode(RoutingMode.SINGLE_MEMBER);
    config.getMetricsConfig().setEnabled(false);
    return HazelcastClient.newHazelcastClient(config);
  }

  /** Why this member may not take part, or null: the oldest member's target is the cluster's. */
  private static String refusal(
      HazelcastInstance hz, MemberIdentity identity, ClusterOptions options) {
    Member oldest = hz.getCluster().getMembers().iterator().next();
    if (oldest.localMember()) {
      return null;
    }
    String target = oldest.getAttribute(MemberIdentity.TARGET_ATTRIBUTE);
    String version = oldest.getAttribute(MemberIdentity.VERSION_ATTRIBUTE);
    if (Objects.equals(target, identity.target()) && Objects.equals(version, identity.version())) {
      return null;
    }
    return "refused by cluster "
        + options.name()
        + ": its members fuzz "
        + target
        + " with Weft "
        + version
        + " (member "
        + ClusterExchange.address(oldest)
        + "), this campaign fuzzes "
        + identity.target()
        + " with Weft "
        + identity.version()
        + "; a cluster shares one target's coverage: give this campaign a cluster name of its own";
  }

  /**
   * Hazelcast's logging: nowhere, or to stderr with {@code --verbose}. Set as a system property as
   * well, since some of its classes log before they read the configuration.
   */
  private static void quiet(boolean verbose) {
    System.setProperty("hazelcast.logging.type", verbose ? "jdk" : "none");
  }
}
