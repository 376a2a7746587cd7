package dev.weft.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.cli.FuzzSettings.ClusterGiven;
import dev.weft.corpus.campaign.ClusterSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cluster of a session: recorded in campaign.json, replaced option by option, or left. */
class FuzzSettingsClusterTest {
  private static final ClusterSettings RECORDED =
      new ClusterSettings("acme", 5701, List.of("h1:5701", "h2:5701"), "/etc/acme.secret");

  @Test
  void aResumeWithoutClusterOptionsRejoinsTheRecordedCluster() throws Exception {
    assertThat(FuzzSettings.cluster(ClusterGiven.NONE, RECORDED)).isEqualTo(RECORDED);
    assertThat(FuzzSettings.cluster(ClusterGiven.NONE, null)).isNull();
  }

  @Test
  void eachOptionGivenAgainReplacesItsRecordedValue() throws Exception {
    ClusterGiven port = new ClusterGiven(null, 5801, null, null, false);
    assertThat(FuzzSettings.cluster(port, RECORDED))
        .isEqualTo(new ClusterSettings("acme", 5801, RECORDED.join(), RECORDED.secretFile()));
    ClusterGiven joinAndSecret =
        new ClusterGiven(null, null, List.of("h3:5701"), Path.of("other.secret"), false);
    ClusterSettings replaced = FuzzSettings.cluster(joinAndSecret, RECORDED);
    assertThat(replaced.join()).containsExactly("h3:5701");
    assertThat(replaced.secretFile())
        .isEqualTo(Path.of("other.secret").toAbsolutePath().toString());
    assertThat(replaced.name()).isEqualTo("acme");
  }

  @Test
  void noClusterLeavesAndGoesWithoutTheOtherOptions() throws Exception {
    assertThat(FuzzSettings.cluster(new ClusterGiven(null, null, null, null, true), RECORDED))
        .isNull();
    assertThatThrownBy(
            () -> FuzzSettings.cluster(new ClusterGiven("acme", null, null, null, true), RECORDED))
        .isInstanceOf(FuzzSettings.UsageException.class)
        .hasMessageContaining("--no-cluster");
  }

  @Test
  void withoutARecordedClusterTheOptionsNeedANameAndAPort() {
    assertThatThrownBy(
            () -> FuzzSettings.cluster(new ClusterGiven(null, 5701, null, null, false), null))
        .hasMessageContaining("go with --cluster NAME");
    assertThatThrownBy(
            () -> FuzzSettings.cluster(new ClusterGiven("acme", null, null, null, false), null))
        .hasMessageContaining("--member-port");
  }
}
