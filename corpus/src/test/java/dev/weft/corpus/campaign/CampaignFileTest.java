package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.races.RaceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignFileTest {
  @TempDir Path dir;

  static CampaignSettings settings(TargetSpec target) {
    return new CampaignSettings(
        target,
        List.of("/abs/classes", "/abs/lib.jar"),
        List.of("-Dx=1"),
        "pct",
        3,
        2,
        -77L,
        new RunBudget(1000, 5000, 200),
        50_000,
        RaceMode.FIELDS,
        true,
        "sha256:00ff");
  }

  @Test
  void roundTripsMainMethodAndTestTargets() throws Exception {
    Path file = dir.resolve("campaign.json");
    for (TargetSpec t :
        List.of(
            TargetSpec.main("com.acme.Prog", List.of("a", "b")),
            TargetSpec.test("a.BTest$Nested#c"),
            TargetSpec.method("a.B::c"))) {
      CampaignFile.write(settings(t), file);
      assertThat(CampaignFile.read(file)).isEqualTo(settings(t));
    }
    assertThat(Files.readString(file)).contains("\"formatVersion\" : 1").contains("a.B::c");
  }

  @Test
  void recordsTheExceptionsTheTargetThrowsOnPurposeAndOldFilesHaveNone() throws Exception {
    Path file = dir.resolve("campaign.json");
    CampaignSettings plain = settings(TargetSpec.method("a.B::c"));
    CampaignSettings ignoring =
        new CampaignSettings(
            plain.target(),
            plain.classPath(),
            plain.jvmOptions(),
            plain.strategy(),
            plain.depth(),
            plain.threadsBound(),
            plain.seed(),
            plain.budget(),
            plain.graphEvents(),
            plain.races(),
            plain.localObjects(),
            plain.targetHash(),
            ExpectedExceptions.of(List.of("java.io.IOException")));
    CampaignFile.write(ignoring, file);
    assertThat(CampaignFile.read(file)).isEqualTo(ignoring);

    String written = Files.readString(file);
    String old = written.replaceAll(",\\s*\"ignoreExceptions\" : \\[[^]]*]", "");
    assertThat(old).isNotEqualTo(written).doesNotContain("ignoreExceptions");
    Files.writeString(file, old);
    assertThat(CampaignFile.read(file)).isEqualTo(plain);

    Files.writeString(file, written.replace("java.io.IOException", "IOException"));
    assertThatThrownBy(() -> CampaignFile.read(file))
        .isInstanceOf(CampaignFileException.class)
        .hasMessageContaining("ignoreExceptions");
  }

  /**
   * The cluster is recorded (the secret file's path, never the secret), so that a resume rejoins; a
   * file written without one (or before clusters were recorded) reads as outside any cluster.
   */
  @Test
  void recordsTheClusterAndOldFilesHaveNone() throws Exception {
    Path file = dir.resolve("campaign.json");
    CampaignSettings plain = settings(TargetSpec.method("a.B::c"));
    CampaignFile.write(plain, file);
    String old = Files.readString(file);
    assertThat(old).doesNotContain("cluster");
    assertThat(CampaignFile.read(file).cluster()).isNull();

    ClusterSettings cluster =
        new ClusterSettings(
            "acme", 5701, List.of("host1:5701", "host2:5701"), "/etc/weft/acme.secret");
    CampaignSettings member =
        new CampaignSettings(
            plain.target(),
            plain.classPath(),
            plain.jvmOptions(),
            plain.strategy(),
            plain.depth(),
            plain.threadsBound(),
            plain.seed(),
            plain.budget(),
            plain.graphEvents(),
            plain.races(),
            plain.localObjects(),
            plain.targetHash(),
            plain.ignoredExceptions(),
            cluster);
    CampaignFile.write(member, file);
    assertThat(CampaignFile.read(file)).isEqualTo(member);
    String written = Files.readString(file);
    assertThat(written).contains("\"memberPort\" : 5701", "/etc/weft/acme.secret");

    Files.writeString(file, written.replace("\"memberPort\" : 5701", "\"memberPort\" : 99999"));
    assertThatThrownBy(() -> CampaignFile.read(file))
        .isInstanceOf(CampaignFileException.class)
        .hasMessageContaining("'memberPort'");
  }

  @Test
  void aCampaignFileWrittenBeforeRacesWereAnOptionReadsWithTheDefault() throws Exception {
    Path file = dir.resolve("campaign.json");
    CampaignFile.write(settings(TargetSpec.method("a.B::c")), file);
    Files.writeString(file, Files.readString(file).replace(",\n    \"races\" : \"fields\"", ""));
    assertThat(Files.readString(file)).doesNotContain("races");
    assertThat(CampaignFile.read(file).races()).isEqualTo(RaceMode.DEFAULT);
  }

  @Test
  void aCampaignFileWrittenBeforeLocalObjectsWereTrackedKeepsEveryAccessAPoint() throws Exception {
    Path file = dir.resolve("campaign.json");
    CampaignFile.write(settings(TargetSpec.method("a.B::c")), file);
    Files.writeString(file, Files.readString(file).replace(",\n    \"localObjects\" : true", ""));
    assertThat(Files.readString(file)).doesNotContain("localObjects");
    assertThat(CampaignFile.read(file).localObjects()).isFalse();
  }

  @Test
  void aCampaignFileWrittenBeforeThreadBoundingHasNone() throws Exception {
    Path file = dir.resolve("campaign.json");
    CampaignFile.write(settings(TargetSpec.method("a.B::c")), file);
    Files.writeString(file, Files.readString(file).replace(",\n    \"threadsBound\" : 2", ""));
    assertThat(Files.readString(file)).doesNotContain("threadsBound");
    assertThat(CampaignFile.read(file).threadsBound()).isZero();
  }

  @Test
  void corruptForeignAndNewerFilesAreRefusedNamingTheProblem() throws Exception {
    Path file = dir.resolve("campaign.json");
    Files.writeString(file, "{\"format\": \"weft-campaign\", \"formatVersion\": 1, \"targ");
    assertThatThrownBy(() -> CampaignFile.read(file))
        .isInstanceOf(CampaignFileException.class)
        .hasMessageContaining(file + " is corrupt (not valid JSON");

    CampaignFile.write(settings(TargetSpec.method("a.B::c")), file);
    String good = Files.readString(file);
    Files.writeString(file, good.replace("\"formatVersion\" : 1", "\"formatVersion\" : 7"));
    assertThatThrownBy(() -> CampaignFile.read(file))
        .hasMessageContaining("version 7")
        .hasMessageContaining("newer Weft");

    Files.writeString(file, good.replace("\"maxSteps\"", "\"maxStepz\""));
    assertThatThrownBy(() -> CampaignFile.read(file)).hasMessageContaining("'maxSteps'");

    Files.writeString(file, good.replace("\"fields\"", "\"everything\""));
    assertThatThrownBy(() -> CampaignFile.read(file))
        .hasMessageContaining("'races'")
        .hasMessageContaining("expected off, jdk or fields");

    Files.writeString(file, "{\"name\": \"something else\"}");
    assertThatThrownBy(() -> CampaignFile.read(file))
        .hasMessageContaining("not a Weft campaign file");
  }

  @Test
  void theTargetHashChangesWithTheClassFiles() throws Exception {
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes.resolve("a"));
    Files.write(classes.resolve("a/B.class"), new byte[] {1, 2, 3});
    String before = TargetHash.of(List.of(classes));
    assertThat(TargetHash.of(List.of(classes))).isEqualTo(before);
    Files.write(classes.resolve("a/B.class"), new byte[] {1, 2, 4});
    assertThat(TargetHash.of(List.of(classes))).isNotEqualTo(before).startsWith("sha256:");
  }
}
