package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryLockTest {
  @TempDir Path dir;

  @Test
  void aSecondOwnerIsRefusedUntilTheFirstLetsGo() throws Exception {
    Path file = dir.resolve("lock");
    List<String> warnings = new ArrayList<>();
    try (DirectoryLock first = DirectoryLock.acquire(file, warnings::add)) {
      assertThat(Files.readString(file).strip())
          .isEqualTo(Long.toString(ProcessHandle.current().pid()));
      assertThat(DirectoryLock.isHeld(file)).isTrue();
      assertThatThrownBy(() -> DirectoryLock.acquire(file, warnings::add))
          .isInstanceOf(CampaignInUseException.class)
          .hasMessageContaining("in use by process " + ProcessHandle.current().pid());
    }
    assertThat(file).doesNotExist();
    DirectoryLock.acquire(file, warnings::add).close();
    assertThat(warnings).isEmpty();
  }

  @Test
  void aStaleLockOfADeadProcessIsTakenOverWithAWarning() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path file = dir.resolve("lock");
    Files.writeString(file, gone.pid() + "\n");
    List<String> warnings = new ArrayList<>();
    try (DirectoryLock lock = DirectoryLock.acquire(file, warnings::add)) {
      assertThat(Files.readString(file).strip())
          .isEqualTo(Long.toString(ProcessHandle.current().pid()));
    }
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains("stale lock")
        .contains("process " + gone.pid());
  }
}
