/*
 * pug4j 2.1.0 (Pug templates for Java; expressions evaluated by commons-jexl), issue #31:
 * https://github.com/neuland/pug4j/issues/31 (fixed in 2.3.0)
 *
 * A compiled PugTemplate is meant to be shared and rendered by many threads, but rendering its
 * doctype node writes the template object itself: DoctypeNode.execute calls
 * template.setDoctype(name), which stores Doctypes.get(name) in the field doctypeLine, replaces it
 * with "<!DOCTYPE name>" when the name is not one of Pug's shortcuts, and then the node appends
 * template.getDoctypeLine() to the output. For a full doctype such as
 * `doctype html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" ...` the lookup gives null first: a
 * second thread rendering the same template between those two writes appends "null" instead of
 * the doctype (or fails with a NullPointerException in setDoctype's own toLowerCase). Kind: data
 * race on one field giving wrong output; signal: AssertionError.
 */
package dev.weft.realworld.pug;

import de.neuland.pug4j.PugConfiguration;
import de.neuland.pug4j.template.PugTemplate;
import de.neuland.pug4j.template.ReaderTemplateLoader;
import java.io.StringReader;
import java.util.Collections;
import java.util.Map;

public final class DoctypeLineRace {
  static final String SOURCE =
      "doctype html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\"\n"
          + "html\n"
          + "  body\n"
          + "    p= greeting\n";
  static final String DOCTYPE = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">";
  static final int RENDERS = 30;

  /** The engine with the page's source, as an application's template directory would give it. */
  static PugConfiguration engine() {
    PugConfiguration config = new PugConfiguration();
    config.setTemplateLoader(new ReaderTemplateLoader(new StringReader(SOURCE), "page"));
    return config;
  }

  public static void main(String[] args) throws Exception {
    final PugConfiguration config = engine();
    final PugTemplate template = config.getTemplate("page");
    Thread[] renderers = new Thread[2];
    for (int r = 0; r < renderers.length; r++) {
      final Map<String, Object> model =
          Collections.<String, Object>singletonMap("greeting", "hello " + r);
      renderers[r] =
          new Thread(
              () -> {
                for (int i = 0; i < RENDERS; i++) {
                  String html = config.renderTemplate(template, model);
                  if (!html.startsWith(DOCTYPE)) {
                    throw new AssertionError("rendered without its doctype: " + html);
                  }
                }
              },
              "renderer-" + r);
      renderers[r].start();
    }
    for (Thread t : renderers) {
      t.join();
    }
  }
}
