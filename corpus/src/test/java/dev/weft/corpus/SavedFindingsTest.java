package dev.weft.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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

  private static FindingRecord found(String message) {
    return new FindingRecord(
        "0.1.0",
        TargetSpec.main("com.acme.Prog", List.of()),
        List.of("/home/alice/acme/target/test-classes", "/home/alice/.m2/repository/lib.jar"),
        List.of(),
        new RunBudget(1000, 5000, 200),
        true,
        "segment",
        42L,
        17L,
        new int[] {0, 2, 1},
        FindingKind.ASSERTION,
        message,
        "assertion:[x]",
        "");
  }

  @Test
  void savesOnlyTheCampaignsReplayFilesNotSavedYet() throws Exception {
    Path campaign = Files.createDirectories(dir.resolve("campaign/findings"));
    FindingFiles.write(found("new"), campaign.resolve("assertion-11111111.weft"));
    Files.writeString(campaign.resolve("assertion-11111111.orig.weft"), "as found");
    Files.writeString(campaign.resolve("assertion-11111111.txt"), "report");
    FindingFiles.write(found("from the campaign"), campaign.resolve("deadlock-22222222.weft"));
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
        .isEqualTo("committed"); // a saved finding is never overwritten
    assertThat(saved.saveNew(campaign)).isEmpty();
  }

  /** The class path is the finding machine's: a saved finding keeps none, and ordinary modes. */
  @Test
  void aSavedFindingKeepsNoClassPathAndIsReadableLikeTheUsersOtherFiles() throws Exception {
    Path campaign = Files.createDirectories(dir.resolve("campaign/findings"));
    FindingFiles.write(found("lost update"), campaign.resolve("assertion-33333333.weft"));
    SavedFindings saved = new SavedFindings(dir.resolve("saved"), "com.acme.T", "m");

    Path file = saved.saveNew(campaign).get(0);

    FindingRecord record = FindingFiles.read(file);
    assertThat(record.classPath()).isEmpty();
    assertThat(record.message()).isEqualTo("lost update");
    assertThat(record.decisions()).containsExactly(0, 2, 1);
    Path ordinary = Files.writeString(dir.resolve("ordinary.txt"), "x");
    if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo(PosixFilePermissions.toString(Files.getPosixFilePermissions(ordinary)));
    }
  }

  @Test
  void aCampaignWithoutFindingsSavesNothing() throws Exception {
    SavedFindings saved = new SavedFindings(dir, "com.acme.T", "m");

    assertThat(saved.saveNew(dir.resolve("no-such-campaign/findings"))).isEmpty();
    assertThat(saved.dir()).doesNotExist();
  }
}
