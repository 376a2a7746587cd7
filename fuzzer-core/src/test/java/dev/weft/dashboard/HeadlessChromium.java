package dev.weft.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opens a dashboard page in a real browser (Chromium without a screen) and reads back what the page
 * reported about itself once drawn: its script errors, the points of each chart, the rows of its
 * tables and how long drawing took. The dashboard tests and {@code scripts/bench-dashboard} use it;
 * Chromium comes from the Debian packages ({@code scripts/install-chromium}).
 */
public final class HeadlessChromium {
  private static final Pattern SELF_CHECK =
      Pattern.compile("<pre id=\"weft-selfcheck\"[^>]*>([^<]*)</pre>");
  private static final List<String> NAMES =
      List.of("chromium", "chromium-browser", "google-chrome");

  private final Path binary;
  private final Path profile;

  private HeadlessChromium(Path binary, Path profile) {
    this.binary = binary;
    this.profile = profile;
  }

  /**
   * Finds Chromium: {@code WEFT_CHROMIUM}, else the first of {@code chromium}, {@code
   * chromium-browser}, {@code google-chrome} on the {@code PATH}.
   *
   * @throws IllegalStateException saying how to install it when there is none
   */
  public static HeadlessChromium find(Path profile) {
    String chosen = System.getenv("WEFT_CHROMIUM");
    if (chosen != null && !chosen.isBlank()) {
      return new HeadlessChromium(Path.of(chosen), profile);
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : NAMES) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return new HeadlessChromium(candidate, profile);
        }
      }
    }
    throw new IllegalStateException(
        "Chromium is not installed: the dashboard is checked in a real browser. Install it with"
            + " scripts/install-chromium (Debian: apt-get install chromium), or point WEFT_CHROMIUM"
            + " at a Chromium or Chrome binary");
  }

  /** What a page said about itself after drawing, and how long the browser took in all. */
  public record PageCheck(JsonNode report, String dom, long browserMillis) {
    public List<String> errors() {
      List<String> out = new ArrayList<>();
      report.path("errors").forEach(e -> out.add(e.asText()));
      return out;
    }

    /** Data points drawn by the chart with this id, -1 if there is no such chart. */
    public int points(String chart) {
      for (JsonNode c : report.path("charts")) {
        if (c.path("id").asText().equals(chart)) {
          return c.path("points").asInt();
        }
      }
      return -1;
    }

    public List<String> charts() {
      List<String> out = new ArrayList<>();
      report.path("charts").forEach(c -> out.add(c.path("id").asText()));
      return out;
    }

    public int findingsRows() {
      return report.path("findingsRows").asInt();
    }

    public int pairRows() {
      return report.path("pairRows").asInt();
    }

    /** From the start of the page's script to the end of its first drawing. */
    public long renderMillis() {
      return report.path("renderMs").asLong();
    }

    /** From navigation to the end of the first drawing: parsing the page included. */
    public long sinceNavigationMillis() {
      return report.path("sinceNavigationMs").asLong();
    }
  }

  /** Loads {@code url} (a {@code file:} or {@code http:} URL), lets its script run, reads back. */
  public PageCheck check(String url) throws IOException, InterruptedException {
    long start = System.nanoTime();
    String dom =
        new String(
            run(List.of("--virtual-time-budget=10000", "--dump-dom", url), 120),
            StandardCharsets.UTF_8);
    long millis = (System.nanoTime() - start) / 1_000_000;
    Matcher m = SELF_CHECK.matcher(dom);
    if (!m.find()) {
      throw new IllegalStateException(
          "the page did not report on itself (its script did not finish): "
              + dom.substring(0, Math.min(400, dom.length())));
    }
    String json = m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">");
    json = json.replace("&amp;", "&");
    return new PageCheck(new ObjectMapper().readTree(json), dom, millis);
  }

  /** Writes a screenshot of {@code url} to {@code png}, for people to look at. */
  public void screenshot(String url, Path png) throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(
        List.of(
            "--virtual-time-budget=10000",
            "--hide-scrollbars",
            "--window-size=1400,2600",
            "--screenshot=" + png.toAbsolutePath(),
            url),
        120);
  }

  private byte[] run(List<String> args, int timeoutSeconds)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--user-data-dir=" + profile.toAbsolutePath()));
    command.addAll(args);
    Path log = Files.createTempFile("weft-chromium", ".log");
    Path stdout = Files.createTempFile("weft-chromium", ".out");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectError(log.toFile())
              .redirectOutput(stdout.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new IllegalStateException("Chromium did not finish in " + timeoutSeconds + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(
            "Chromium failed (exit " + p.exitValue() + "): " + tail(Files.readString(log)));
      }
      return Files.readAllBytes(stdout);
    } finally {
      Files.deleteIfExists(log);
      Files.deleteIfExists(stdout);
    }
  }

  private static String tail(String s) {
    return s.length() <= 2000 ? s : s.substring(s.length() - 2000);
  }
}
