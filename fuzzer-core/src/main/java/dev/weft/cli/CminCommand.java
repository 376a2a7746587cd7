package dev.weft.cli;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignFile;
import dev.weft.corpus.campaign.CampaignFileException;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.fuzz.cmin.CminResult;
import dev.weft.fuzz.cmin.CorpusMinimiser;
import dev.weft.fuzz.cmin.NotReproducedEntry;
import dev.weft.fuzz.report.ReplayHints;
import dev.weft.runtime.exec.TargetException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft cmin}: a smaller copy of a campaign directory with the same confirmed coverage, for
 * campaigns that are resumed often or shared.
 */
@Command(
    name = "cmin",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Minimise a campaign's corpus: execute every entry again to confirm the coverage keys it yields, keep a subset whose keys together are all the confirmed keys (for each key the cheapest entry, fewest steps, that has it; then drop entries the others make redundant), and write it with the campaign's settings, findings and stats log to --out, a campaign directory that 'weft fuzz' resumes. Entries whose recorded keys do not come back are listed and copied to --out's quarantine/.",
      "Exit code: 0 done, 2 usage error (no campaign at --corpus, --out not empty, class path gone)."
    })
public final class CminCommand implements Callable<Integer> {
  @Option(
      names = "--corpus",
      required = true,
      paramLabel = "DIR",
      description = "The campaign directory to minimise; only read.")
  Path corpus;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "Where to write the minimised campaign; must not exist or be empty.")
  Path out;

  @Option(
      names = {"--cp", "--classpath"},
      paramLabel = "PATH",
      description = "Use this class path instead of the campaign's.")
  String classPath;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintStream console = System.out;
    PrintStream err = System.err;
    CampaignDirectory source = new CampaignDirectory(corpus);
    if (!source.holdsCampaign()) {
      err.println(
          "weft: "
              + corpus
              + (Files.isDirectory(corpus)
                  ? " holds no campaign (no campaign.json)"
                  : " does not exist"));
      return WeftCli.USAGE;
    }
    if (notEmpty(out)) {
      err.println("weft: " + out + " is not empty; give a new --out (cmin never overwrites)");
      return WeftCli.USAGE;
    }
    CampaignSettings settings;
    try {
      settings = CampaignFile.read(source.campaignFile());
    } catch (CampaignFileException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    if (!ChildJvm.inEffect(settings.jvmOptions())) {
      return ChildJvm.run(
          settings.jvmOptions(),
          spec.root().commandLine().getParseResult().originalArgs(),
          console,
          err);
    }
    List<Path> cp = new ArrayList<>();
    for (String p :
        classPath != null
            ? List.of(classPath.split(java.io.File.pathSeparator))
            : settings.classPath()) {
      if (!Files.exists(Path.of(p))) {
        err.println("weft: class path entry " + p + " does not exist; pass --cp");
        return WeftCli.USAGE;
      }
      cp.add(Path.of(p));
    }
    CminResult r;
    try {
      r =
          CorpusMinimiser.minimise(
              source,
              new CampaignDirectory(out),
              settings,
              cp,
              line -> err.println("weft: " + line));
    } catch (TargetException e) {
      err.println("weft: " + e.getMessage());
      return WeftCli.USAGE;
    }
    console.printf("entries  %,d -> %,d%n", r.entriesBefore(), r.entriesAfter());
    console.printf("keys     %,d -> %,d%n", r.keysBefore(), r.keysAfter());
    console.printf("time     %.1f s%n", r.seconds());
    if (!r.notReproduced().isEmpty()) {
      console.printf(
          "not reproduced: %d entr%s (copied to %s, not to the corpus):%n",
          r.notReproduced().size(),
          r.notReproduced().size() == 1 ? "y" : "ies",
          new CampaignDirectory(out).quarantine());
      for (NotReproducedEntry n : r.notReproduced()) {
        console.printf("  %s: %s%n", n.entry().id(), n.why());
      }
    }
    console.printf("wrote %s; resume with: %s%n", out, ReplayHints.resume(out));
    return WeftCli.NOTHING_FOUND;
  }

  private static boolean notEmpty(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return false;
    }
    if (!Files.isDirectory(dir)) {
      return true;
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.findAny().isPresent();
    }
  }
}
