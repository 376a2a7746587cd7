package dev.weft.runtime.races;

import dev.weft.runtime.oracle.Failure;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a {@link Race} into the {@link Failure} users see. The signature is the unordered pair of
 * sites, so the same two calls racing in another interleaving, another object or another order are
 * one finding.
 */
public final class RaceFailures {
  private RaceFailures() {}

  /**
   * The failure of {@code race}; {@code threadNames} names each thread as messages do, the
   * program's name with Weft's id ({@code alice (main.1)}).
   */
  /** {@code failures} with a failure for each of {@code races} after them. */
  public static List<Failure> withRaces(
      List<Failure> failures, List<Race> races, SiteTable sites, List<String> threadNames) {
    List<Failure> all = new ArrayList<>(failures);
    for (Race r : races) {
      all.add(of(r, sites, threadNames));
    }
    return List.copyOf(all);
  }

  public static Failure of(Race race, SiteTable sites, List<String> threadNames) {
    Site a = sites.get(race.first().site());
    Site b = sites.get(race.second().site());
    String first = describe(race.first(), a, threadNames);
    String second = describe(race.second(), b, threadNames);
    String message =
        "data race on "
            + race.target()
            + ": "
            + first
            + " and "
            + second
            + " are not ordered by happens-before";
    StringBuilder details = new StringBuilder();
    details.append("Data race on ").append(race.target()).append('\n');
    details.append("  first:  ").append(first).append('\n');
    appendStack(details, race.first().stack());
    details.append("  second: ").append(second).append('\n');
    appendStack(details, race.second().stack());
    details.append(
        "No lock, volatile, atomic, thread start/join or java.util.concurrent hand-off orders"
            + " these accesses: in another interleaving they run at the same time.\n");
    String ka = key(a);
    String kb = key(b);
    String signature =
        FindingKind.RACE.label() + ':' + (ka.compareTo(kb) <= 0 ? ka + '|' + kb : kb + '|' + ka);
    String thread = name(threadNames, race.second().thread());
    return new Failure(FindingKind.RACE, thread, message, details.toString(), signature);
  }

  private static String describe(RaceAccess access, Site site, List<String> threadNames) {
    return (access.write() ? "write " : "read ")
        + operation(site)
        + " in thread "
        + name(threadNames, access.thread())
        + " at "
        + site.simpleClassName()
        + "."
        + site.methodName()
        + "("
        + site.fileAndLine()
        + ")";
  }

  /** {@code HashMap.put}, or the field for a field access ({@code read Counter.value}). */
  private static String operation(Site site) {
    String op = site.operation();
    if (op.startsWith("read ")) {
      return op.substring(5);
    }
    if (op.startsWith("write ")) {
      return op.substring(6);
    }
    return op;
  }

  private static void appendStack(StringBuilder out, List<StackTraceElement> stack) {
    for (StackTraceElement f : stack) {
      out.append("          at ")
          .append(f.getClassName())
          .append('.')
          .append(f.getMethodName())
          .append('(')
          .append(f.getFileName() == null ? "Unknown Source" : f.getFileName())
          .append(f.getLineNumber() > 0 ? ":" + f.getLineNumber() : "")
          .append(")\n");
    }
  }

  private static String key(Site s) {
    return s.className() + '.' + s.methodName() + ':' + s.line() + ' ' + operation(s);
  }

  private static String name(List<String> threadNames, int thread) {
    return thread < threadNames.size() ? threadNames.get(thread) : "thread#" + thread;
  }
}
