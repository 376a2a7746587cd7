package dev.weft.corpus.campaign;

import dev.weft.corpus.CorruptFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code corpus/} directory: loads every entry (a file that cannot be read goes to the {@link
 * Quarantine} and the rest loads) and writes new ones, one file each, so that a crash loses at most
 * the entry being written and never corrupts another.
 */
public final class CorpusStore {
  private final Path directory;
  private int count;

  public CorpusStore(Path directory) {
    this.directory = directory;
  }

  /** Every readable entry, in the order they were found; unreadable ones are quarantined. */
  public List<CorpusEntry> load(Quarantine quarantine) throws IOException {
    List<CorpusEntry> entries = new ArrayList<>();
    for (Path file : entryFiles(directory)) {
      try {
        entries.add(CorpusEntryFile.read(file));
      } catch (CorruptFileException e) {
        quarantine.take(file, e.getMessage().replace(file.toString(), "the file"));
      }
    }
    entries.sort(
        Comparator.comparingInt(CorpusEntry::worker).thenComparingLong(CorpusEntry::execution));
    count = entries.size();
    return entries;
  }

  public void add(CorpusEntry entry) throws IOException {
    CorpusEntryFile.write(entry, directory.resolve(entry.id() + CorpusEntryFile.SUFFIX));
    count++;
  }

  /** Entries loaded and added so far. */
  public int count() {
    return count;
  }

  /** The entry files of a corpus directory (none if it does not exist). */
  public static List<Path> entryFiles(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(CorpusEntryFile.SUFFIX))
          .sorted()
          .toList();
    }
  }
}
