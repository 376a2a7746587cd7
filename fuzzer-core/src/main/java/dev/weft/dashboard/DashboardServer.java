package dev.weft.dashboard;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.weft.corpus.campaign.CampaignDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code weft dashboard --serve}: the page, its data and the findings' reports over HTTP, so that a
 * campaign can be watched while it runs. Each request for data reads only what the campaigns
 * appended since the last one. It serves nothing else: no path from the request reaches the file
 * system except a finding report's name, which must match the pattern of finding ids.
 */
public final class DashboardServer implements AutoCloseable {
  private static final Pattern REPORT =
      Pattern.compile("/c/(\\d{1,4})/findings/([a-z]+(?:-[a-z]+)*-[0-9a-f]{8})\\.txt");

  private final Dashboard dashboard;
  private final HttpServer server;

  private DashboardServer(Dashboard dashboard, HttpServer server) {
    this.dashboard = dashboard;
    this.server = server;
  }

  /**
   * Starts serving on {@code address} ({@code 127.0.0.1} unless the user chose otherwise); port 0
   * takes a free one.
   */
  public static DashboardServer start(Dashboard dashboard, InetSocketAddress address)
      throws IOException {
    HttpServer server = HttpServer.create(address, 16);
    DashboardServer s = new DashboardServer(dashboard, server);
    server.createContext("/", s::handle);
    server.start();
    return s;
  }

  /** The port the server listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  static String reportPath(int campaign, CampaignView view, String id) {
    return "c/" + campaign + "/findings/" + id + ".txt";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      if (!exchange.getRequestMethod().equals("GET")) {
        send(exchange, 405, "text/plain", "only GET");
        return;
      }
      if (path.equals("/") || path.equals("/index.html")) {
        dashboard.refresh();
        send(exchange, 200, "text/html; charset=utf-8", dashboard.livePage());
      } else if (path.equals("/data.json")) {
        dashboard.refresh();
        send(exchange, 200, "application/json", dashboard.liveData());
      } else {
        Matcher m = REPORT.matcher(path);
        CampaignDirectory dir =
            m.matches() ? dashboard.campaign(Integer.parseInt(m.group(1))) : null;
        Path report = dir == null ? null : dir.findings().resolve(m.group(2) + ".txt");
        if (report != null && Files.isRegularFile(report)) {
          send(exchange, 200, "text/plain; charset=utf-8", Files.readString(report));
        } else {
          send(exchange, 404, "text/plain", "not found");
        }
      }
    } catch (IOException | RuntimeException e) {
      try {
        send(exchange, 500, "text/plain", "cannot read the campaign: " + e.getMessage());
      } catch (IOException | RuntimeException ignored) {
        // the response was under way; the client sees a cut connection
      }
    }
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
