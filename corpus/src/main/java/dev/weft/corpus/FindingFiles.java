package dev.weft.corpus;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.ExpectedExceptions;
import dev.weft.runtime.oracle.FindingKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Reads and writes {@code .weft} finding files. Layout: the magic {@code WEFT-FINDING}, a format
 * version, the payload length, a CRC-32 of the payload, then the payload written field by field
 * with Kryo's {@link Output} (varints, no class registration, so the format is stable and
 * explicit). Any mismatch is reported as a {@link CorruptFileException} naming what is wrong; files
 * are written to a temporary name and moved into place, so a crash never leaves half a file.
 *
 * <p>Versions: 1 had no JVM options; 2 adds them after the class path; 3 adds, after the budgets,
 * whether accesses to thread-local objects were scheduling points; 4 adds, at the end, the
 * exceptions the run ignored ({@code --ignore-exception}); 5 adds, at the end, the input a fuzz
 * target's run was given (absent for other targets). Files of version 1 are still read, as findings
 * made without JVM options; files before version 3 as findings made with every access a scheduling
 * point (as Weft then ran); files before version 4 as findings that ignored nothing; files before
 * version 5 as findings of targets without input.
 */
public final class FindingFiles {
  public static final int FORMAT_VERSION = 5;

  /** The oldest version this Weft still reads. */
  static final int OLDEST_READABLE = 1;

  /**
   * The suffix of a finding as found, kept beside its minimised {@code .weft}: it is a replay file
   * too, but not another finding.
   */
  public static final String ORIGINAL_SUFFIX = ".orig.weft";

  private static final byte[] MAGIC = "WEFT-FINDING".getBytes(StandardCharsets.US_ASCII);
  private static final int HEADER = MAGIC.length + 4 + 4 + 8;

  private FindingFiles() {}

  /** Where the finding as found is kept beside {@code weft}: {@code <id>.orig.weft}. */
  public static Path originalBeside(Path weft) {
    String name = weft.getFileName().toString().replaceFirst("\\.weft$", "");
    return weft.resolveSibling(name + ORIGINAL_SUFFIX);
  }

  /** Whether {@code file} is a finding as found, kept beside its minimised one. */
  public static boolean isOriginal(Path file) {
    return file.getFileName().toString().endsWith(ORIGINAL_SUFFIX);
  }

  public static void write(FindingRecord record, Path file) throws IOException {
    byte[] payload = encode(record);
    CRC32 crc = new CRC32();
    crc.update(payload);
    ByteBuffer header = ByteBuffer.allocate(HEADER);
    header.put(MAGIC).putInt(FORMAT_VERSION).putInt(payload.length).putLong(crc.getValue());
    ByteArrayOutputStream all = new ByteArrayOutputStream(HEADER + payload.length);
    all.write(header.array());
    all.write(payload);
    AtomicFiles.write(file, all.toByteArray());
  }

  public static FindingRecord read(Path file) throws IOException {
    byte[] all = Files.readAllBytes(file);
    if (all.length < HEADER) {
      throw new CorruptFileException(
          file + " is not a Weft finding file (only " + all.length + " bytes)");
    }
    ByteBuffer buf = ByteBuffer.wrap(all);
    byte[] magic = new byte[MAGIC.length];
    buf.get(magic);
    if (!java.util.Arrays.equals(magic, MAGIC)) {
      throw new CorruptFileException(file + " is not a Weft finding file (wrong magic bytes)");
    }
    int version = buf.getInt();
    if (version < OLDEST_READABLE || version > FORMAT_VERSION) {
      throw new CorruptFileException(
          file
              + " has finding format version "
              + version
              + "; this Weft reads versions "
              + OLDEST_READABLE
              + " to "
              + FORMAT_VERSION
              + (version > FORMAT_VERSION ? " (the file was written by a newer Weft)" : ""));
    }
    int length = buf.getInt();
    long expectedCrc = buf.getLong();
    if (length < 0 || length != all.length - HEADER) {
      throw new CorruptFileException(
          file
              + " is truncated or padded: header says "
              + length
              + " payload bytes, file has "
              + (all.length - HEADER));
    }
    CRC32 crc = new CRC32();
    crc.update(all, HEADER, length);
    if (crc.getValue() != expectedCrc) {
      throw new CorruptFileException(file + " is corrupt: checksum mismatch");
    }
    try {
      return decode(all, HEADER, length, version);
    } catch (RuntimeException e) {
      throw new CorruptFileException(file + " is corrupt: " + e.getMessage());
    }
  }

  private static byte[] encode(FindingRecord r) {
    try (Output out = new Output(1024, -1)) {
      out.writeString(r.weftVersion());
      out.writeVarInt(r.target().mode().ordinal(), true);
      out.writeString(r.target().className());
      out.writeString(r.target().methodName());
      writeStrings(out, r.target().args());
      writeStrings(out, r.classPath());
      writeStrings(out, r.jvmOptions());
      out.writeVarInt(r.budget().maxSteps(), true);
      out.writeVarLong(r.budget().wallMillis(), true);
      out.writeVarLong(r.budget().stallMillis(), true);
      out.writeBoolean(r.localObjects());
      out.writeString(r.strategy());
      out.writeLong(r.seed());
      out.writeVarLong(r.execution(), true);
      out.writeVarInt(r.decisions().length, true);
      for (int d : r.decisions()) {
        out.writeVarInt(d, true);
      }
      out.writeVarInt(r.kind().ordinal(), true);
      out.writeString(r.message());
      out.writeString(r.signature());
      out.writeString(r.details());
      writeStrings(out, r.ignoredExceptions().names());
      byte[] input = r.input();
      out.writeBoolean(input != null);
      if (input != null) {
        out.writeVarInt(input.length, true);
        out.writeBytes(input);
      }
      return out.toBytes();
    }
  }

  private static FindingRecord decode(byte[] bytes, int offset, int length, int version) {
    try (Input in = new Input(bytes, offset, length)) {
      String weftVersion = in.readString();
      TargetSpec.Mode mode = TargetSpec.Mode.values()[in.readVarInt(true)];
      String className = in.readString();
      String methodName = in.readString();
      List<String> args = readStrings(in);
      TargetSpec target = new TargetSpec(mode, className, methodName, args);
      List<String> classPath = readStrings(in);
      List<String> jvmOptions = version >= 2 ? readStrings(in) : List.of();
      RunBudget budget =
          new RunBudget(in.readVarInt(true), in.readVarLong(true), in.readVarLong(true));
      boolean localObjects = version >= 3 && in.readBoolean();
      String strategy = in.readString();
      long seed = in.readLong();
      long execution = in.readVarLong(true);
      int n = in.readVarInt(true);
      if (n < 0 || n > length) {
        throw new IllegalStateException("impossible decision count " + n);
      }
      int[] decisions = new int[n];
      for (int i = 0; i < n; i++) {
        decisions[i] = in.readVarInt(true);
      }
      FindingKind kind = FindingKind.values()[in.readVarInt(true)];
      String message = in.readString();
      String signature = in.readString();
      String details = in.readString();
      ExpectedExceptions ignored =
          version >= 4 ? ExpectedExceptions.of(readStrings(in)) : ExpectedExceptions.NONE;
      byte[] input = null;
      if (version >= 5 && in.readBoolean()) {
        int inputLength = in.readVarInt(true);
        if (inputLength < 0 || inputLength > length) {
          throw new IllegalStateException("impossible input length " + inputLength);
        }
        input = in.readBytes(inputLength);
      }
      if (in.position() != offset + length) {
        throw new IllegalStateException("unexpected bytes after the record");
      }
      return new FindingRecord(
          weftVersion,
          target,
          classPath,
          jvmOptions,
          budget,
          localObjects,
          strategy,
          seed,
          execution,
          decisions,
          kind,
          message,
          signature,
          details,
          ignored,
          input);
    }
  }

  private static void writeStrings(Output out, List<String> values) {
    out.writeVarInt(values.size(), true);
    for (String v : values) {
      out.writeString(v);
    }
  }

  private static List<String> readStrings(Input in) {
    int n = in.readVarInt(true);
    List<String> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      values.add(in.readString());
    }
    return values;
  }
}
