package dev.weft.corpus;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The envelope of Weft's binary files: magic bytes that say what the file is, a format version, the
 * payload's length and its CRC-32, then the payload. Reading checks all four, so a truncated,
 * altered or foreign file is refused with a message that names the file and what is wrong, instead
 * of being decoded into nonsense.
 */
public final class FramedFile {
  private final byte[] magic;
  private final String what;
  private final int oldestReadable;
  private final int version;

  /** The payload of a file that passed every check, and the version it was written with. */
  public record Payload(byte[] bytes, int offset, int length, int version) {}

  /**
   * @param magic the file's first bytes, e.g. {@code WEFT-ENTRY}
   * @param what what such a file is called in messages, e.g. "corpus entry"
   * @param oldestReadable the oldest version still read
   * @param version the version written
   */
  public FramedFile(String magic, String what, int oldestReadable, int version) {
    this.magic = magic.getBytes(StandardCharsets.US_ASCII);
    this.what = what;
    this.oldestReadable = oldestReadable;
    this.version = version;
  }

  private int header() {
    return magic.length + 4 + 4 + 8;
  }

  /** Writes {@code payload} framed, atomically. */
  public void write(Path file, byte[] payload) throws IOException {
    CRC32 crc = new CRC32();
    crc.update(payload);
    ByteBuffer all = ByteBuffer.allocate(header() + payload.length);
    all.put(magic).putInt(version).putInt(payload.length).putLong(crc.getValue()).put(payload);
    AtomicFiles.write(file, all.array());
  }

  /** Reads and checks a framed file. */
  public Payload read(Path file) throws IOException {
    byte[] all = Files.readAllBytes(file);
    if (all.length < header()) {
      throw new CorruptFileException(
          file + " is not a Weft " + what + " file (only " + all.length + " bytes)");
    }
    ByteBuffer buf = ByteBuffer.wrap(all);
    byte[] found = new byte[magic.length];
    buf.get(found);
    if (!Arrays.equals(found, magic)) {
      throw new CorruptFileException(file + " is not a Weft " + what + " file (wrong magic bytes)");
    }
    int fileVersion = buf.getInt();
    if (fileVersion < oldestReadable || fileVersion > version) {
      throw new CorruptFileException(
          file
              + " has "
              + what
              + " format version "
              + fileVersion
              + "; this Weft reads versions "
              + oldestReadable
              + " to "
              + version
              + (fileVersion > version ? " (the file was written by a newer Weft)" : ""));
    }
    int length = buf.getInt();
    long expectedCrc = buf.getLong();
    if (length < 0 || length != all.length - header()) {
      throw new CorruptFileException(
          file
              + " is truncated or padded: header says "
              + length
              + " payload bytes, file has "
              + (all.length - header()));
    }
    CRC32 crc = new CRC32();
    crc.update(all, header(), length);
    if (crc.getValue() != expectedCrc) {
      throw new CorruptFileException(file + " is corrupt: checksum mismatch");
    }
    return new Payload(all, header(), length, fileVersion);
  }
}
