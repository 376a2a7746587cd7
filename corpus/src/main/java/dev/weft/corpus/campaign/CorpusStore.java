package dev.weft.corpus.campaign;

import dev.weft.corpus.CorruptFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The {@code corpus/} directory: loads every entry (a file that cannot be read goes to the {@link
 * Quarantine} and the rest loads) and writes new ones, one file each, so that a crash loses at most
 * the entry being written and never corrupts another.
 */
public final class CorpusStore {
  private final Path directory;
  private final Set<Path> known = new HashSet<>();
  private int count;

  public CorpusStore(Path directory) {
    this.directory = directory;
  }

  /** Every readable entry, in the order they were found; unreadable ones are quarantined. */
  public List<CorpusEntry> load(Quarantine quarantine) throws IOException {
    known.clear();
    count = 0;
    List<CorpusEntry> entries = loadNew(quarantine);
    entries.sort(
        Comparator.comparingInt(CorpusEntry::worker).thenComparingLong(CorpusEntry::execution));
    return entries;
  }

  /**
   * The entries written since the last {@link #load} or {@code loadNew} by other processes (the
   * other workers of a campaign), in file name order; unreadable ones are quarantined.
   */
  public List<CorpusEntry> loadNew(Quarantine quarantine) throws IOException {
    List<CorpusEntry> entries = new ArrayList<>();
    for (Path file : entryFiles(directory)) {
      if (!known.add(file.getFileName())) {
        continue;
      }
      try {
        entries.add(CorpusEntryFile.read(file));
        count++;
      } catch (CorruptFileException e) {
        quarantine.take(file, e.getMessage().replace(file.toString(), "the file"));
      } catch (NoSuchFileException e) {
        // another process quarantined or replaced it meanwhile
      }
    }
    return entries;
  }

  /** Writes a new entry; returns its file. */
  public Path add(CorpusEntry entry) throws IOException {
    Path file = directory.resolve(entry.id() + CorpusEntryFile.SUFFIX);
    CorpusEntryFile.write(entry, file);
    known.add(file.getFileName());
    count++;
    return file;
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
