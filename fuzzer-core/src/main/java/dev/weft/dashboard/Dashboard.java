package dev.weft.dashboard;

import dev.weft.corpus.campaign.CampaignDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The dashboard of one or more campaigns (several are overlaid, e.g. two strategies on one target):
 * their views, read up to now by {@link #refresh}, and the page or data made from them.
 */
public final class Dashboard {
  private final List<CampaignView> views = new ArrayList<>();

  /**
   * @throws dev.weft.corpus.campaign.CampaignFileException if a directory's {@code campaign.json}
   *     cannot be read
   */
  public Dashboard(List<CampaignDirectory> dirs) throws IOException {
    for (CampaignDirectory d : dirs) {
      views.add(new CampaignView(d));
    }
  }

  /** Reads what the campaigns wrote since the last call. */
  public synchronized void refresh() throws IOException {
    for (CampaignView v : views) {
      v.refresh();
    }
  }

  /** Stats lines read so far, over all campaigns (corrupt ones included). */
  public synchronized long lines() {
    return views.stream().mapToLong(CampaignView::lines).sum();
  }

  public synchronized long corruptLines() {
    return views.stream().mapToLong(CampaignView::corruptLines).sum();
  }

  /** What the page should show besides its charts: warnings about files that could not be read. */
  public synchronized List<String> warnings() {
    List<String> all = new ArrayList<>();
    for (CampaignView v : views) {
      v.warnings().forEach(w -> all.add(v.directory().root() + ": " + w));
    }
    return all;
  }

  /** The page as a file at {@code page}: report links are relative to where it lies. */
  public synchronized String staticPage(Path page) {
    Path folder = page.toAbsolutePath().normalize().getParent();
    ReportLinks links =
        (index, view, id) -> {
          Path report =
              view.directory().findings().resolve(id + ".txt").toAbsolutePath().normalize();
          if (folder != null && report.getRoot().equals(folder.getRoot())) {
            return folder.relativize(report).toString().replace('\\', '/');
          }
          return report.toUri().toString();
        };
    return DashboardPage.html(title(), DashboardData.json(views, links, false, now()));
  }

  /** The data of the live page; the server's report URLs. */
  synchronized String liveData() {
    return DashboardData.json(views, DashboardServer::reportPath, true, now());
  }

  synchronized String livePage() {
    return DashboardPage.html(title(), liveData());
  }

  /** The directory of the campaign at this index on the page, or null. */
  synchronized CampaignDirectory campaign(int index) {
    return index >= 0 && index < views.size() ? views.get(index).directory() : null;
  }

  private String title() {
    return "Weft — "
        + views.stream()
            .map(
                v ->
                    String.valueOf(v.directory().root().toAbsolutePath().normalize().getFileName()))
            .collect(Collectors.joining(" vs "));
  }

  private static long now() {
    return System.currentTimeMillis();
  }
}
