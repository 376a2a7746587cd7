package dev.weft.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SavedFindingsTest {
  @TempDir Path dir;

  @Test
  void keepsFindingsPerClassAndMethodUnderTheRoot() {
    SavedFindings saved = new SavedFindings(dir, "com.acme.AccountTest", "deposits");

    assertThat(saved.dir()).isEqualTo(dir.resolve("com.acme.AccountTest").resolve("deposits"));
    assertThat(SavedFindings.DEFAULT_ROOT).isEqualTo(Path.of("src/test/resources/weft"));
  }

  @Test
  void savesOnlyTheCampaignsReplayFilesNotSavedYet() throws Exception {
    Path campaign = Files.createDirectories(dir.resolve("campaign/findings"));
    Files.writeString(campaign.resolve("assertion-11111111.weft"), "new");
    Files.writeString(campaign.resolve("assertion-11111111.orig.weft"), "as found");
    Files.writeString(campaign.resolve("assertion-11111111.txt"), "report");
    Files.writeString(campaign.resolve("deadlock-22222222.weft"), "from the campaign");
    SavedFindings saved = new SavedFindings(dir.resolve("saved"), "com.acme.T", "m");
    Files.createDirectories(saved.dir());
    Files.writeString(saved.dir().resolve("deadlock-22222222.weft"), "committed");

    var added = saved.saveNew(campaign);

    assertThat(added).containsExactly(saved.dir().resolve("assertion-11111111.weft"));
    assertThat(saved.files())
        .containsExactly(
            saved.dir().resolve("assertion-11111111.weft"),
            saved.dir().resolve("deadlock-22222222.weft"));
    assertThat(Files.readString(saved.dir().resolve("deadlock-22222222.weft")))
        .isEqualTo("committed");
    assertThat(saved.saveNew(campaign)).isEmpty();
  }

  @Test
  void aCampaignWithoutFindingsSavesNothing() throws Exception {
    SavedFindings saved = new SavedFindings(dir, "com.acme.T", "m");

    assertThat(saved.saveNew(dir.resolve("no-such-campaign/findings"))).isEmpty();
    assertThat(saved.dir()).doesNotExist();
  }
}
