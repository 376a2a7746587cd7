package dev.weft.cli;

import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.replay.FindingReplay;
import dev.weft.runtime.exec.RunExecutor;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rebuilds the executor a recorded finding ran under, so that replay and tmin re-run it exactly
 * alike: the recorded class path (or the user's override), the recorded target and budget, and for
 * a race finding the fields mode, whose races include the recorded signature whichever mode found
 * it.
 */
final class FindingExecutor {
  private FindingExecutor() {}

  /**
   * Returns the executor, or null after printing why the class path cannot be used.
   *
   * @param classPathOverride the user's {@code --cp}, or null to use the recorded one
   */
  static RunExecutor forRecord(FindingRecord record, String classPathOverride, PrintStream err) {
    List<String> entries =
        classPathOverride != null
            ? List.of(classPathOverride.split(File.pathSeparator))
            : record.classPath();
    if (entries.isEmpty()) {
      err.println(
          "weft: this finding holds no class path (a finding saved with a project's tests is"
              + " replayed by running its test, on that checkout's class path); pass --cp");
      return null;
    }
    List<Path> cp = new ArrayList<>();
    for (String entry : entries) {
      Path path = Path.of(entry);
      if (!Files.exists(path)) {
        err.println("weft: recorded class path entry " + entry + " does not exist; pass --cp");
        return null;
      }
      cp.add(path);
    }
    return FindingReplay.executor(record, cp);
  }
}
