package dev.weft.graph.mutation;

import dev.weft.graph.CriticalSections;
import dev.weft.graph.InterleavingGraph;
import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * One wanted order between two events, as the constraints that make it hold: the pair itself, plus,
 * for every lock held at both events, the order of the two critical sections. Moving an access
 * before another thread's locked access means moving its whole section before that section.
 */
public final class Ordering {
  private Ordering() {}

  /**
   * Appends {@code before -> after} and the section orders it implies; false if a section that must
   * end first never ends in the observed run.
   */
  public static boolean add(InterleavingGraph g, int before, int after, IntArrayList out) {
    out.add(before);
    out.add(after);
    CriticalSections sections = g.sections();
    for (int su = sections.sectionOf(before);
        su != CriticalSections.NONE;
        su = sections.enclosing(su)) {
      for (int sv = sections.sectionOf(after);
          sv != CriticalSections.NONE;
          sv = sections.enclosing(sv)) {
        if (sections.lock(su) != sections.lock(sv)) {
          continue;
        }
        if (sections.last(su) == CriticalSections.NONE) {
          return false;
        }
        out.add(sections.last(su));
        out.add(sections.first(sv));
      }
    }
    return true;
  }
}
