package dev.weft.corpus.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.corpus.CorruptFileException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
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

  /** An (input, schedule) pair kept for the branch edges its input reached first. */
  @Test
  void anEntryKeepsTheBranchEdgesItsRunReachedFirst() throws Exception {
    Path file = dir.resolve("e.entry");
    CorpusEntry e = withEdges(entry(7), new int[] {0x1234_01, 0xFFFF_80});
    CorpusEntryFile.write(e, file);
    assertThat(CorpusEntryFile.read(file).newEdges()).containsExactly(0x1234_01, 0xFFFF_80);
  }

  /**
   * A version-1 entry is a version-2 one without the trailing edges: made from one here (version,
   * length and checksum fixed), it reads as an entry that reached no new edge.
   */
  @Test
  void readsVersionOneEntriesAsEntriesWithoutEdges() throws Exception {
    Path file = dir.resolve("v2.entry");
    CorpusEntryFile.write(entry(3, 10, 11), file);
    byte[] v2 = Files.readAllBytes(file);
    int header = "WEFT-ENTRY".length() + 4 + 4 + 8;
    assertThat(v2[v2.length - 1]).isZero(); // no edges: one varint 0
    byte[] v1 = Arrays.copyOf(v2, v2.length - 1);
    CRC32 crc = new CRC32();
    crc.update(v1, header, v1.length - header);
    ByteBuffer.wrap(v1, "WEFT-ENTRY".length(), 16)
        .putInt(1)
        .putInt(v1.length - header)
        .putLong(crc.getValue());
    Path old = dir.resolve("v1.entry");
    Files.write(old, v1);

    CorpusEntry back = CorpusEntryFile.read(old);
    assertThat(back.newEdges()).isEmpty();
    assertThat(back).usingRecursiveComparison().isEqualTo(entry(3, 10, 11));
  }

  @Test
  void anEntryOfANewerFormatIsRejectedNamingBothVersions() throws Exception {
    Path file = dir.resolve("new.entry");
    CorpusEntryFile.write(entry(3, 10), file);
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes, "WEFT-ENTRY".length(), 4).putInt(CorpusEntryFile.FORMAT_VERSION + 1);
    Files.write(file, bytes);
    assertThatThrownBy(() -> CorpusEntryFile.read(file))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(String.valueOf(CorpusEntryFile.FORMAT_VERSION + 1));
  }

  private static CorpusEntry withEdges(CorpusEntry e, int[] edges) {
    return new CorpusEntry(
        e.worker(),
        e.execution(),
        e.input(),
        e.decisions(),
        e.coverageKeys(),
        e.executionNanos(),
        e.strategy(),
        e.parent(),
        e.session(),
        e.wallTimeMillis(),
        edges);
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
