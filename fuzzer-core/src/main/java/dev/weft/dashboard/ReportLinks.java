package dev.weft.dashboard;

/**
 * Where the page links a finding's report: a path relative to the page when it is a file opened
 * from disk, a URL of the server with {@code --serve}.
 */
interface ReportLinks {
  /**
   * @param campaign the campaign's index on the page
   * @param id the finding's id ({@code assertion-1a2b3c4d})
   */
  String report(int campaign, CampaignView view, String id);
}
