package dev.weft.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.oracle.FindingKind;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FindingFilesTest {
  @TempDir Path dir;

  private static FindingRecord sample() {
    return new FindingRecord(
        "0.1.0",
        TargetSpec.main("com.acme.Prog", List.of("a", "b")),
        List.of("/tmp/classes", "/tmp/lib.jar"),
        List.of("-Dx=1", "--add-opens=java.base/java.lang=ALL-UNNAMED"),
        new RunBudget(1000, 5000, 200),
        true,
        "pct(d=3)",
        42L,
        17L,
        new int[] {0, 2, 1, 1, 300},
        FindingKind.DEADLOCK,
        "deadlock: no live thread can proceed",
        "deadlock:[x]",
        "  main.1 waits ...");
  }

  @Test
  void roundTripsEveryField() throws Exception {
    Path file = dir.resolve("f.weft");
    FindingFiles.write(sample(), file);
    FindingRecord back = FindingFiles.read(file);
    assertThat(back).usingRecursiveComparison().isEqualTo(sample());
    assertThat(back.decisions()).containsExactly(0, 2, 1, 1, 300);
  }

  @Test
  void roundTripsTheExceptionsTheRunIgnored() throws Exception {
    FindingRecord ignoring =
        sample()
            .withIgnoredExceptions(
                ExpectedExceptions.of(List.of("java.io.IOException", "com.acme.Injected$Fault")));
    Path file = dir.resolve("f.weft");
    FindingFiles.write(ignoring, file);
    assertThat(FindingFiles.read(file).ignoredExceptions().names())
        .containsExactly("java.io.IOException", "com.acme.Injected$Fault");
  }

  /**
   * A version-3 file is a version-4 one without the trailing list of ignored exceptions: made from
   * one here (version, length and checksum fixed), it reads as a finding that ignored nothing.
   */
  @Test
  void readsVersionThreeFilesAsFindingsThatIgnoredNothing() throws Exception {
    Path file = dir.resolve("v4.weft");
    FindingFiles.write(sample(), file);
    byte[] v4 = Files.readAllBytes(file);
    int header = 12 + 4 + 4 + 8;
    byte[] v3 = Arrays.copyOf(v4, v4.length - 1); // the empty list is one varint 0
    assertThat(v4[v4.length - 1]).isZero();
    CRC32 crc = new CRC32();
    crc.update(v3, header, v3.length - header);
    ByteBuffer.wrap(v3, 12, 16).putInt(3).putInt(v3.length - header).putLong(crc.getValue());
    Path old = dir.resolve("v3.weft");
    Files.write(old, v3);

    FindingRecord back = FindingFiles.read(old);
    assertThat(back.ignoredExceptions()).isEqualTo(ExpectedExceptions.NONE);
    assertThat(back).usingRecursiveComparison().isEqualTo(sample());
  }

  /** {@code version-1.weft} was written by Weft before JVM options were recorded. */
  @Test
  void readsVersionOneFilesAsFindingsWithoutJvmOptions() throws Exception {
    Path file = dir.resolve("v1.weft");
    try (var in = FindingFilesTest.class.getResourceAsStream("version-1.weft")) {
      Files.write(file, in.readAllBytes());
    }
    FindingRecord back = FindingFiles.read(file);
    assertThat(back.jvmOptions()).isEmpty();
    assertThat(back.localObjects()).isFalse();
    assertThat(back)
        .usingRecursiveComparison()
        .ignoringFields("jvmOptions", "localObjects")
        .isEqualTo(sample());
  }

  @Test
  void readsVersionTwoFilesAsFindingsWithEveryAccessAPoint() throws Exception {
    Path file = dir.resolve("v2.weft");
    try (var in = FindingFilesTest.class.getResourceAsStream("version-2.weft")) {
      Files.write(file, in.readAllBytes());
    }
    FindingRecord back = FindingFiles.read(file);
    assertThat(back.localObjects()).as("as Weft ran before it tracked them").isFalse();
    assertThat(back).usingRecursiveComparison().ignoringFields("localObjects").isEqualTo(sample());
  }

  @Test
  void rejectsAFlippedByteWithAClearMessage() throws Exception {
    Path file = dir.resolve("f.weft");
    FindingFiles.write(sample(), file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 3] ^= 0x40;
    Files.write(file, bytes);
    assertThatThrownBy(() -> FindingFiles.read(file))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("checksum");
  }

  @Test
  void rejectsTruncationForeignFilesAndOtherVersions() throws Exception {
    Path file = dir.resolve("f.weft");
    FindingFiles.write(sample(), file);
    byte[] bytes = Files.readAllBytes(file);

    Path truncated = dir.resolve("t.weft");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length - 10));
    assertThatThrownBy(() -> FindingFiles.read(truncated)).hasMessageContaining("truncated");

    Path foreign = dir.resolve("foreign.weft");
    Files.writeString(foreign, "PK\u0003\u0004 this is a zip file, honestly, with enough bytes");
    assertThatThrownBy(() -> FindingFiles.read(foreign))
        .hasMessageContaining("not a Weft finding file");

    Path tiny = dir.resolve("tiny.weft");
    Files.write(tiny, new byte[] {1, 2});
    assertThatThrownBy(() -> FindingFiles.read(tiny))
        .hasMessageContaining("not a Weft finding file");

    byte[] future = bytes.clone();
    future[15] = 9; // low byte of the version int that follows the 12-byte magic
    Path other = dir.resolve("other.weft");
    Files.write(other, future);
    assertThatThrownBy(() -> FindingFiles.read(other))
        .hasMessageContaining("version 9")
        .hasMessageContaining("newer Weft");
  }
}
