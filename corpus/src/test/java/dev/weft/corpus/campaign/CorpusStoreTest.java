package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.corpus.CorruptFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusStoreTest {
  @TempDir Path dir;

  static CorpusEntry entry(long execution, long... keys) {
    return new CorpusEntry(
        0,
        execution,
        new byte[] {7, 8},
        new int[] {0, 1, 1, 0, 300},
        keys,
        123_456L,
        execution == 1 ? "first" : "planned",
        execution == 1 ? null : "w0-e1",
        2,
        1_700_000_000_000L);
  }

  @Test
  void anEntryRoundTripsEveryField() throws Exception {
    Path file = dir.resolve("e.entry");
    CorpusEntry e = entry(42, -1L, Long.MAX_VALUE, 17);
    CorpusEntryFile.write(e, file);
    assertThat(CorpusEntryFile.read(file)).usingRecursiveComparison().isEqualTo(e);
    assertThat(e.id()).isEqualTo("w0-e42");
    assertThat(CorpusEntryFile.read(file).parent()).isEqualTo("w0-e1");
  }

  @Test
  void aTruncatedEntryIsQuarantinedWithAWarningAndTheRestLoads() throws Exception {
    CorpusStore store = new CorpusStore(dir.resolve("corpus"));
    store.add(entry(1, 10, 11));
    store.add(entry(5, 12));
    store.add(entry(9, 13, 14, 15));
    Path broken = dir.resolve("corpus").resolve("w0-e5.entry");
    byte[] bytes = Files.readAllBytes(broken);
    Files.write(broken, Arrays.copyOf(bytes, bytes.length - 4));

    List<String> warnings = new ArrayList<>();
    Quarantine quarantine = new Quarantine(dir.resolve("quarantine"), warnings::add);
    List<CorpusEntry> loaded = new CorpusStore(dir.resolve("corpus")).load(quarantine);

    assertThat(loaded).extracting(CorpusEntry::execution).containsExactly(1L, 9L);
    assertThat(broken).doesNotExist();
    assertThat(dir.resolve("quarantine").resolve("w0-e5.entry")).exists();
    assertThat(warnings)
        .singleElement()
        .asString()
        .contains(broken.toString())
        .contains("truncated");
  }

  @Test
  void foreignAndNewerFilesAreRefusedWithAClearMessage() throws Exception {
    Path file = dir.resolve("e.entry");
    CorpusEntryFile.write(entry(3, 1), file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[13] = 9; // low byte of the version int after the 10-byte magic
    Files.write(file, bytes);
    assertThatThrownBy(() -> CorpusEntryFile.read(file))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("version 9")
        .hasMessageContaining("newer Weft");
    Files.writeString(file, "definitely not an entry, but long enough to have a header");
    assertThatThrownBy(() -> CorpusEntryFile.read(file))
        .hasMessageContaining("not a Weft corpus entry file");
  }
}
