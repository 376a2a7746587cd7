package dev.weft.fuzz.minimise;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.FindingRecord;
import dev.weft.fuzz.output.CapturedOutput;
import dev.weft.fuzz.report.FindingReport;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.SiteTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A new finding as a campaign writes it: the minimised run's record, run, failure and output, and
 * the finding as found, kept beside it. When minimisation is off or was not possible, the two are
 * the same and {@link #minimisation()} is null; {@link #note()} says why.
 *
 * @param record what is written as {@code <id>.weft}
 * @param original the finding as found, written as {@code <id>.orig.weft} when it was minimised
 * @param originalRun the run as found, for the report's second interleaving
 * @param switches the context switches of {@code run} as recorded while it ran, so that the report
 *     marks its preemptions as {@code weft replay} does; null if no recorded run showed them
 * @param originalSwitches the same for {@code originalRun}
 */
public record MinimisedFinding(
    FindingRecord record,
    RunResult run,
    Failure failure,
    CapturedOutput output,
    FindingRecord original,
    RunResult originalRun,
    Minimisation minimisation,
    String note,
    List<Switch> switches,
    List<Switch> originalSwitches) {

  public boolean minimised() {
    return minimisation != null;
  }

  /**
   * The {@code .txt} report: the minimised interleaving first, with how far it shrank, and the
   * interleaving as found at the end.
   *
   * @param file where {@link #record()} is written
   */
  public String report(Path file, SiteTable sites) {
    if (!minimised()) {
      return FindingReport.text(record, file, failure, run, switches, sites, output, note, null);
    }
    Path orig = FindingFiles.originalBeside(file);
    String note =
        "M"
            + minimisation.summary().substring(1) // "Minimised from ...", said once
            + ".\nThe finding as found is in "
            + orig.getFileName()
            + "; its interleaving is at the end of this report.";
    String appendix =
        FindingReport.interleaving(
            "Interleaving as found (" + orig.getFileName() + "):",
            originalRun,
            originalSwitches,
            sites,
            orig);
    return FindingReport.text(record, file, failure, run, switches, sites, output, note, appendix);
  }

  /**
   * Writes the finding as found beside {@code file} ({@code <id>.orig.weft}) if it was minimised.
   */
  public void writeOriginal(Path file) throws IOException {
    if (minimised()) {
      FindingFiles.write(original, FindingFiles.originalBeside(file));
    }
  }
}
