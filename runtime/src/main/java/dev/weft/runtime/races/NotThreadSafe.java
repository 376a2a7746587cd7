package dev.weft.runtime.races;

import dev.weft.runtime.jdk.AccessKinds;
import dev.weft.runtime.jdk.AccessOrder;
import dev.weft.runtime.jdk.JdkClasses;
import java.util.Map;
import java.util.Set;

/**
 * The one table of JDK classes whose instances must not be used by two threads without
 * happens-before between the calls, and which of their methods only read. Weft runs a JDK call as
 * one step, so the corruption such a race causes inside the object cannot happen under Weft; the
 * race oracle reports the unordered pair of calls instead.
 *
 * <table>
 *   <caption>Watched classes</caption>
 *   <tr><th>classes</th><th>methods that only read</th></tr>
 *   <tr><td>{@code ArrayList}, {@code LinkedList}, {@code HashMap}, {@code TreeMap}, {@code
 *       HashSet}, {@code LinkedHashSet}, {@code TreeSet}, {@code ArrayDeque}, {@code
 *       PriorityQueue}, {@code IdentityHashMap}, {@code EnumMap}, {@code RegularEnumSet}, {@code
 *       JumboEnumSet}, {@code BitSet}, {@code Arrays$ArrayList}, {@code StringBuilder}</td>
 *       <td>by name, as for every JDK call ({@code get}, {@code contains}, {@code size}, {@code
 *       iterator}...)</td></tr>
 *   <tr><td>{@code LinkedHashMap}</td><td>by name, but {@code get} and {@code getOrDefault}
 *       write when the map keeps access order (an LRU cache reorders its list on every read)</td>
 *       </tr>
 *   <tr><td>{@code Matcher}</td><td>{@code group}, {@code start}, {@code end}, {@code
 *       groupCount}, {@code hitEnd}, {@code requireEnd}, {@code pattern}, {@code region*}, {@code
 *       has*Bounds}, {@code toMatchResult}, {@code namedGroups}</td></tr>
 *   <tr><td>{@code SimpleDateFormat}, {@code DecimalFormat}, {@code MessageFormat}, {@code
 *       ChoiceFormat}</td><td>{@code get*}, {@code is*}, {@code to*} ({@code format} and {@code
 *       parse} use the object's own calendar or digit buffer)</td></tr>
 *   <tr><td>{@code WeakHashMap}, {@code Calendar} and its JDK subclasses, {@code Formatter},
 *       {@code Scanner}, {@code StringTokenizer}, {@code SplittableRandom}</td><td>none: even
 *       their reads change state ({@code WeakHashMap.get} expunges, {@code Calendar.get}
 *       computes fields)</td></tr>
 * </table>
 *
 * <p>Left out on purpose: {@code Random} (thread-safe, only contended), the {@code synchronized}
 * legacy classes ({@code Vector}, {@code Hashtable}, {@code StringBuffer}), and views and iterators
 * (a {@code keySet()} or an iterator is another object; races through it are not seen).
 *
 * <p>Calls on the first group are scheduling points already ({@code JdkCalls}); the classes of the
 * last three groups, and {@code StringBuilder}, are only observed: their calls are logged for the
 * oracle without a scheduling point, which would multiply interleavings without adding any the
 * oracle needs.
 */
public final class NotThreadSafe {

  /** Which calls on a watched class only read. */
  enum Reads {
    BY_NAME,
    ACCESS_ORDER,
    MATCHER,
    FORMAT,
    NONE
  }

  private static final Map<String, Reads> TABLE =
      Map.ofEntries(
          Map.entry("java.util.ArrayList", Reads.BY_NAME),
          Map.entry("java.util.LinkedList", Reads.BY_NAME),
          Map.entry("java.util.HashMap", Reads.BY_NAME),
          Map.entry("java.util.LinkedHashMap", Reads.ACCESS_ORDER),
          Map.entry("java.util.TreeMap", Reads.BY_NAME),
          Map.entry("java.util.HashSet", Reads.BY_NAME),
          Map.entry("java.util.LinkedHashSet", Reads.BY_NAME),
          Map.entry("java.util.TreeSet", Reads.BY_NAME),
          Map.entry("java.util.ArrayDeque", Reads.BY_NAME),
          Map.entry("java.util.PriorityQueue", Reads.BY_NAME),
          Map.entry("java.util.IdentityHashMap", Reads.BY_NAME),
          Map.entry("java.util.EnumMap", Reads.BY_NAME),
          Map.entry("java.util.RegularEnumSet", Reads.BY_NAME),
          Map.entry("java.util.JumboEnumSet", Reads.BY_NAME),
          Map.entry("java.util.BitSet", Reads.BY_NAME),
          Map.entry("java.util.Arrays$ArrayList", Reads.BY_NAME),
          Map.entry("java.lang.StringBuilder", Reads.BY_NAME),
          Map.entry("java.util.WeakHashMap", Reads.NONE),
          Map.entry("java.util.regex.Matcher", Reads.MATCHER),
          Map.entry("java.text.SimpleDateFormat", Reads.FORMAT),
          Map.entry("java.text.DecimalFormat", Reads.FORMAT),
          Map.entry("java.text.MessageFormat", Reads.FORMAT),
          Map.entry("java.text.ChoiceFormat", Reads.FORMAT),
          Map.entry("java.util.Formatter", Reads.NONE),
          Map.entry("java.util.Scanner", Reads.NONE),
          Map.entry("java.util.StringTokenizer", Reads.NONE),
          Map.entry("java.util.SplittableRandom", Reads.NONE));

  /**
   * Static types (internal names) whose calls are observed for the oracle without a scheduling
   * point. The receiver's class decides at run time whether a call is watched.
   */
  private static final Set<String> OBSERVED_OWNERS =
      Set.of(
          "java/util/regex/Matcher",
          "java/text/Format",
          "java/text/DateFormat",
          "java/text/SimpleDateFormat",
          "java/text/NumberFormat",
          "java/text/DecimalFormat",
          "java/text/MessageFormat",
          "java/text/ChoiceFormat",
          "java/util/Calendar",
          "java/util/GregorianCalendar",
          "java/util/Formatter",
          "java/util/Scanner",
          "java/util/StringTokenizer",
          "java/util/SplittableRandom",
          "java/lang/StringBuilder");

  private static final Set<String> MATCHER_READS =
      Set.of(
          "group",
          "start",
          "end",
          "groupCount",
          "hitEnd",
          "requireEnd",
          "pattern",
          "regionStart",
          "regionEnd",
          "hasTransparentBounds",
          "hasAnchoringBounds",
          "toMatchResult",
          "namedGroups",
          "toString");

  private static final ClassValue<Reads> WATCHED =
      new ClassValue<>() {
        @Override
        protected Reads computeValue(Class<?> type) {
          for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (!JdkClasses.isJdkClass(c)) {
              continue; // a target subclass: what its JDK superclass is decides
            }
            Reads r = TABLE.get(c.getName());
            if (r != null) {
              return r;
            }
            if (c.getName().equals("java.util.Calendar")) {
              return Reads.NONE;
            }
            if (c == Object.class || c.getName().startsWith("java.util.Abstract")) {
              return null;
            }
          }
          return null;
        }
      };

  private NotThreadSafe() {}

  /** Whether instances of {@code type} are watched for races. */
  public static boolean isWatched(Class<?> type) {
    return WATCHED.get(type) != null;
  }

  /** Whether the JDK class of this name is in the table. */
  public static boolean isWatchedClass(String className) {
    return TABLE.containsKey(className);
  }

  /** Whether calls with this static owner are logged for the oracle without a scheduling point. */
  public static boolean isObservedOwner(String internalName) {
    return OBSERVED_OWNERS.contains(internalName);
  }

  /** Whether calling {@code method} on {@code receiver} (a watched object) changes its state. */
  static boolean writes(Object receiver, String method) {
    Reads r = WATCHED.get(receiver.getClass());
    if (r == null) {
      return false;
    }
    switch (r) {
      case NONE:
        return true;
      case MATCHER:
        return !MATCHER_READS.contains(method);
      case FORMAT:
        return !(method.startsWith("get") || method.startsWith("is") || method.startsWith("to"));
      case ACCESS_ORDER:
        if ((method.equals("get") || method.equals("getOrDefault"))
            && AccessOrder.isAccessOrdered(receiver)) {
          return true;
        }
        return !AccessKinds.readsOnly(method);
      default:
        return !AccessKinds.readsOnly(method);
    }
  }
}
