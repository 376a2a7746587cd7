package dev.weft.fuzz.cmin;

import dev.weft.corpus.campaign.CampaignDirectory;
import dev.weft.corpus.campaign.CampaignSettings;
import dev.weft.corpus.campaign.CorpusEntry;
import dev.weft.corpus.campaign.CorpusEntryFile;
import dev.weft.corpus.campaign.CorpusStore;
import dev.weft.corpus.campaign.Quarantine;
import dev.weft.fuzz.output.TargetOutput;
import dev.weft.fuzz.strategy.RunCoverage;
import dev.weft.fuzz.strategy.Strategies;
import dev.weft.graph.GraphBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetException;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.races.RaceMode;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code weft cmin}: makes a smaller campaign directory with the same confirmed coverage, so that a
 * resumed or shared campaign loads and schedules fewer entries. Every entry is executed again
 * ({@link EntryReplayer}); the confirmed ones are reduced by {@link CoverSelection}; the output is
 * a campaign directory of its own (settings, findings and stats log copied, corpus minimised) that
 * {@code weft fuzz} resumes and {@code weft status} reads. Each kept entry holds every key its run
 * yields, so the output's coverage is the union it was chosen for.
 */
public final class CorpusMinimiser {
  private final CampaignDirectory source;
  private final CampaignDirectory out;
  private final EntryReplayer replayer;
  private final Consumer<String> warnings;

  CorpusMinimiser(
      CampaignDirectory source,
      CampaignDirectory out,
      EntryReplayer replayer,
      Consumer<String> warnings) {
    this.source = source;
    this.out = out;
    this.replayer = replayer;
    this.warnings = warnings;
  }

  /**
   * Minimises {@code source} into {@code out}, running the target as {@code settings} say with the
   * class path {@code classPath}.
   *
   * @throws TargetException if the target cannot be loaded
   */
  public static CminResult minimise(
      CampaignDirectory source,
      CampaignDirectory out,
      CampaignSettings settings,
      List<Path> classPath,
      Consumer<String> warnings)
      throws IOException, TargetException {
    SiteTable sites = new SiteTable();
    try (TargetClassPath targetClassPath = new TargetClassPath(classPath);
        TargetOutput output = TargetOutput.install()) {
      Instrumenter instrumenter = new Instrumenter(targetClassPath, sites, new FieldTable());
      // coverage does not depend on the race oracle, which would only cost time here
      RunExecutor executor =
          new RunExecutor(
              instrumenter,
              settings.target(),
              settings.budget(),
              RaceMode.OFF,
              settings.localObjects(),
              settings.ignoredExceptions());
      executor.validate();
      RunCoverage coverage =
          new RunCoverage(Strategies.siteKeys(sites), new GraphBudget(settings.graphEvents()));
      return new CorpusMinimiser(
              source, out, new EntryReplayer(executor, output, coverage), warnings)
          .run();
    }
  }

  CminResult run() throws IOException, TargetException {
    long start = System.nanoTime();
    List<CorpusEntry> entries =
        new CorpusStore(source.corpus()).load(Quarantine.reportOnly(warnings));
    List<ConfirmedEntry> confirmed = new ArrayList<>();
    List<NotReproducedEntry> notReproduced = new ArrayList<>();
    for (CorpusEntry e : entries) {
      Record r = replayer.replay(e);
      if (r instanceof ConfirmedEntry c) {
        confirmed.add(c);
      } else {
        notReproduced.add((NotReproducedEntry) r);
      }
    }
    List<ConfirmedEntry> kept = new ArrayList<>(CoverSelection.select(confirmed));
    for (ConfirmedEntry c : confirmed) {
      if (c.entry().newEdges().length > 0 && !kept.contains(c)) {
        kept.add(c); // kept for its input's branch edges, which the selection does not weigh
      }
    }
    write(kept, notReproduced);
    return new CminResult(
        entries.size(),
        kept.size(),
        union(confirmed),
        union(kept),
        notReproduced,
        (System.nanoTime() - start) / 1e9);
  }

  private void write(List<ConfirmedEntry> kept, List<NotReproducedEntry> notReproduced)
      throws IOException {
    out.createDirectories();
    Files.copy(source.campaignFile(), out.campaignFile());
    if (Files.exists(source.statsLog())) {
      Files.copy(source.statsLog(), out.statsLog());
    }
    if (Files.isDirectory(source.findings())) {
      try (Stream<Path> files = Files.list(source.findings())) {
        for (Path f : files.sorted().toList()) {
          Files.copy(
              f, out.findings().resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    CorpusStore corpus = new CorpusStore(out.corpus());
    Map<ConfirmedEntry, long[]> held = heldKeys(kept);
    for (ConfirmedEntry c : kept) {
      CorpusEntry e = c.entry();
      corpus.add(
          new CorpusEntry(
              e.worker(),
              e.execution(),
              e.input(),
              e.decisions(),
              held.get(c),
              e.executionNanos(),
              e.strategy(),
              e.parent(),
              e.session(),
              e.wallTimeMillis(),
              e.newEdges()));
    }
    for (NotReproducedEntry n : notReproduced) {
      String name = n.entry().id() + CorpusEntryFile.SUFFIX;
      Files.createDirectories(out.quarantine());
      Files.copy(source.corpus().resolve(name), out.quarantine().resolve(name));
    }
  }

  /**
   * The keys each kept entry is written with: every confirmed key once, held by the cheapest kept
   * entry whose run yields it (fewest steps, then name). Writing each entry with all its keys would
   * repeat the common ones in every entry and make the output larger than the input.
   */
  private static Map<ConfirmedEntry, long[]> heldKeys(List<ConfirmedEntry> kept) {
    List<ConfirmedEntry> cheapestFirst = new ArrayList<>(kept);
    cheapestFirst.sort(
        Comparator.comparingInt((ConfirmedEntry c) -> c.entry().decisions().length)
            .thenComparing(c -> c.entry().id()));
    LongOpenHashSet written = new LongOpenHashSet();
    Map<ConfirmedEntry, long[]> held = new IdentityHashMap<>();
    for (ConfirmedEntry c : cheapestFirst) {
      LongArrayList own = new LongArrayList();
      for (long k : c.keys()) {
        if (written.add(k)) {
          own.add(k);
        }
      }
      held.put(c, own.toLongArray());
    }
    return held;
  }

  private static int union(List<ConfirmedEntry> entries) {
    LongOpenHashSet keys = new LongOpenHashSet();
    for (ConfirmedEntry e : entries) {
      keys.addAll(LongArrayList.wrap(e.keys()));
    }
    return keys.size();
  }
}
