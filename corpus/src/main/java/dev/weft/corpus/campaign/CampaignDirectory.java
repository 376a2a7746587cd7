package dev.weft.corpus.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The fixed names inside a campaign directory, in one place: tools, scripts and the dashboard rely
 * on them, so they are part of Weft's interface (docs/campaigns.md documents them).
 */
public final class CampaignDirectory {
  private final Path root;

  public CampaignDirectory(Path root) {
    this.root = root;
  }

  public Path root() {
    return root;
  }

  /** The campaign's settings: target, class path, options, target hash. */
  public Path campaignFile() {
    return root.resolve("campaign.json");
  }

  /** One {@code .entry} file per run that added coverage. */
  public Path corpus() {
    return root.resolve("corpus");
  }

  /**
   * With {@code --cluster}: the entries other members found, as their bytes came, and what this
   * member knows of the findings they wrote.
   */
  public Path cluster() {
    return root.resolve("cluster");
  }

  /** {@code <kind>-<hash>.weft}, {@code .txt} and {@code .json} per distinct finding. */
  public Path findings() {
    return root.resolve("findings");
  }

  /** Files that could not be read, moved aside and never deleted. */
  public Path quarantine() {
    return root.resolve("quarantine");
  }

  /** One JSON object per line: the campaign's progress over time. */
  public Path statsLog() {
    return root.resolve("stats.jsonl");
  }

  /**
   * One file per worker, {@code w<worker>.json}: the pairs of code sites that conflicted, in which
   * orders ({@link InterleavingMap}).
   */
  public Path interleavings() {
    return root.resolve("interleavings");
  }

  /** Holds the process id of the Weft that fuzzes in this directory now. */
  public Path lockFile() {
    return root.resolve("lock");
  }

  /**
   * One lock file per worker of a pool, {@code w<worker>.lock}, held by the worker's JVM while it
   * lives ({@link WorkerLock}).
   */
  public Path workerLocks() {
    return root.resolve("workers");
  }

  /** Whether a campaign was started here (its {@code campaign.json} exists). */
  public boolean holdsCampaign() {
    return Files.exists(campaignFile());
  }

  public void createDirectories() throws IOException {
    Files.createDirectories(corpus());
    Files.createDirectories(findings());
  }
}
