/*
 * pug4j 2.1.0, twin of issue #31 (https://github.com/neuland/pug4j/issues/31): the same page
 * with the same full doctype, rendered by two threads, but each thread compiles and renders its
 * own PugTemplate (the workaround before 2.3.0): the doctype field each render writes belongs to
 * one thread. Must never fail.
 */
package dev.weft.realworld.pug;

import de.neuland.pug4j.PugConfiguration;
import de.neuland.pug4j.template.PugTemplate;
import java.util.Collections;
import java.util.Map;

public final class TemplatePerThread {
  public static void main(String[] args) throws Exception {
    Thread[] renderers = new Thread[2];
    for (int r = 0; r < renderers.length; r++) {
      final Map<String, Object> model =
          Collections.<String, Object>singletonMap("greeting", "hello " + r);
      renderers[r] =
          new Thread(
              () -> {
                try {
                  PugConfiguration config = DoctypeLineRace.engine();
                  PugTemplate template = config.getTemplate("page");
                  for (int i = 0; i < DoctypeLineRace.RENDERS; i++) {
                    String html = config.renderTemplate(template, model);
                    if (!html.startsWith(DoctypeLineRace.DOCTYPE)) {
                      throw new AssertionError("rendered without its doctype: " + html);
                    }
                  }
                } catch (java.io.IOException e) {
                  throw new RuntimeException(e);
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
