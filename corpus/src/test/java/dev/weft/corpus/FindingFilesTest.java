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

  /** A finding of the current version cut back to an older one: version, length and checksum. */
  private Path older(int version, int trailingBytes) throws Exception {
    Path file = dir.resolve("current.weft");
    FindingFiles.write(sample(), file);
    byte[] current = Files.readAllBytes(file);
    int header = 12 + 4 + 4 + 8;
    byte[] old = Arrays.copyOf(current, current.length - trailingBytes);
    for (int i = old.length; i < current.length; i++) {
      assertThat(current[i]).isZero(); // no input (false), no ignored exceptions (an empty list)
    }
    CRC32 crc = new CRC32();
    crc.update(old, header, old.length - header);
    ByteBuffer.wrap(old, 12, 16)
        .putInt(version)
        .putInt(old.length - header)
        .putLong(crc.getValue());
    Path written = dir.resolve("v" + version + ".weft");
    Files.write(written, old);
    return written;
  }

  /**
   * A version-4 file is a version-5 one without the trailing input: it reads as the finding of a
   * target that takes no input.
   */
  @Test
  void readsVersionFourFilesAsFindingsWithoutInput() throws Exception {
    FindingRecord back = FindingFiles.read(older(4, 1));
    assertThat(back.input()).isNull();
    assertThat(back).usingRecursiveComparison().isEqualTo(sample());
  }

  /** A fuzz target's finding keeps the bytes its run was given, empty ones too. */
  @Test
  void keepsTheInputOfAFuzzTargetsFinding() throws Exception {
    Path file = dir.resolve("input.weft");
    FindingFiles.write(sample().withInput(new byte[] {'C', 'A', 'R', 0, -1}), file);
    assertThat(FindingFiles.read(file).input()).containsExactly('C', 'A', 'R', 0, -1);
    FindingFiles.write(sample().withInput(new byte[0]), file);
    assertThat(FindingFiles.read(file).input()).isEmpty();
  }

  /**
   * A version-3 file is a version-4 one without the trailing list of ignored exceptions: made from
   * one here, it reads as a finding that ignored nothing.
   */
  @Test
  void readsVersionThreeFilesAsFindingsThatIgnoredNothing() throws Exception {
    FindingRecord back = FindingFiles.read(older(3, 2));
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
