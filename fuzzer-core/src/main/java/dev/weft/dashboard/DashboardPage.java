package dev.weft.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The dashboard as one HTML file that opens from disk with no network: the chart library (uPlot,
 * from its WebJar on the class path), the page's script and style and the data are all inlined. The
 * same page is what {@code --serve} sends, marked live so that it polls for new data.
 */
final class DashboardPage {
  private static final String WEBJAR = "META-INF/resources/webjars/uplot/";
  private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
  private static final String OWN = "dev/weft/dashboard/";

  private DashboardPage() {}

  /**
   * @param dataJson the output of {@link DashboardData#json}
   */
  static String html(String title, String dataJson) {
    String dist = WEBJAR + uplotVersion() + "/dist/";
    String page = resource(OWN + "page.html");
    page = page.replace("/*WEFT:TITLE*/", escapeHtml(title));
    page = page.replace("/*WEFT:UPLOT_CSS*/", resource(dist + "uPlot.min.css"));
    page = page.replace("/*WEFT:STYLE*/", resource(OWN + "dashboard.css"));
    int data = page.indexOf("/*WEFT:DATA*/");
    String before = page.substring(0, data);
    String after = page.substring(data + "/*WEFT:DATA*/".length());
    after = after.replace("/*WEFT:APP_JS*/", resource(OWN + "dashboard.js"));
    after =
        after.replace(
            "/*WEFT:UPLOT_JS*/",
            "/* uPlot "
                + uplotVersion()
                + ", MIT License, https://github.com/leeoniya/uPlot */\n"
                + resource(dist + "uPlot.iife.min.js"));
    return before + scriptSafe(dataJson) + after;
  }

  /** JSON placed in a script element: no {@code <} may end the element early. */
  static String scriptSafe(String json) {
    return json.replace("<", "\\u003c");
  }

  private static String uplotVersion() {
    Properties p = new Properties();
    try (InputStream in = DashboardPage.class.getClassLoader().getResourceAsStream(WEBJAR_POM)) {
      if (in == null) {
        throw new IllegalStateException("the uPlot WebJar is not on Weft's class path");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version");
  }

  private static String resource(String name) {
    try (InputStream in = DashboardPage.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " is missing from Weft's jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String escapeHtml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
