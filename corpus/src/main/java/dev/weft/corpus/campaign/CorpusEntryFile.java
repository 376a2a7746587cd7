package dev.weft.corpus.campaign;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.weft.corpus.CorruptFileException;
import dev.weft.corpus.FramedFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads and writes one {@code .entry} file: a {@link FramedFile} ({@code WEFT-ENTRY}, version, CRC)
 * whose payload is the entry's fields in a fixed order, written with Kryo's {@link Output}
 * (varints, no class registration, so the format is explicit and stable).
 *
 * <p>Versions: 1 ends with the wall time; 2 adds, after it, the branch edges the run reached first
 * (a fuzz target's entry is then an input and a schedule, each of which may be why it was kept).
 * Entries of version 1 are read as entries that reached no new edge.
 */
public final class CorpusEntryFile {
  public static final int FORMAT_VERSION = 2;
  public static final String SUFFIX = ".entry";

  private static final FramedFile FRAME =
      new FramedFile("WEFT-ENTRY", "corpus entry", 1, FORMAT_VERSION);

  private CorpusEntryFile() {}

  public static void write(CorpusEntry e, Path file) throws IOException {
    try (Output out = new Output(256, -1)) {
      out.writeVarInt(e.worker(), true);
      out.writeVarLong(e.execution(), true);
      out.writeVarInt(e.input().length, true);
      out.writeBytes(e.input());
      out.writeVarInt(e.decisions().length, true);
      for (int d : e.decisions()) {
        out.writeVarInt(d, true);
      }
      out.writeVarInt(e.coverageKeys().length, true);
      for (long k : e.coverageKeys()) {
        out.writeLong(k);
      }
      out.writeVarLong(e.executionNanos(), true);
      out.writeString(e.strategy());
      out.writeString(e.parent());
      out.writeVarInt(e.session(), true);
      out.writeLong(e.wallTimeMillis());
      out.writeVarInt(e.newEdges().length, true);
      for (int edge : e.newEdges()) {
        out.writeInt(edge);
      }
      FRAME.write(file, out.toBytes());
    }
  }

  public static CorpusEntry read(Path file) throws IOException {
    FramedFile.Payload p = FRAME.read(file);
    try (Input in = new Input(p.bytes(), p.offset(), p.length())) {
      int worker = in.readVarInt(true);
      long execution = in.readVarLong(true);
      byte[] input = in.readBytes(count(in, p.length()));
      int[] decisions = new int[count(in, p.length())];
      for (int i = 0; i < decisions.length; i++) {
        decisions[i] = in.readVarInt(true);
      }
      long[] keys = new long[count(in, p.length() / 8)];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = in.readLong();
      }
      long nanos = in.readVarLong(true);
      String strategy = in.readString();
      String parent = in.readString();
      int session = in.readVarInt(true);
      long wallTime = in.readLong();
      int[] edges = new int[p.version() >= 2 ? count(in, p.length() / 4) : 0];
      for (int i = 0; i < edges.length; i++) {
        edges[i] = in.readInt();
      }
      if (in.position() != p.offset() + p.length()) {
        throw new CorruptFileException(file + " is corrupt: unexpected bytes after the entry");
      }
      return new CorpusEntry(
          worker, execution, input, decisions, keys, nanos, strategy, parent, session, wallTime,
          edges);
    } catch (RuntimeException e) {
      throw new CorruptFileException(file + " is corrupt: " + e.getMessage());
    }
  }

  private static int count(Input in, int most) {
    int n = in.readVarInt(true);
    if (n < 0 || n > most) {
      throw new IllegalStateException("impossible element count " + n);
    }
    return n;
  }
}
