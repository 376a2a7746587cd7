package dev.weft.trace;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.IdentityHashMap;

/**
 * Names the objects of one run. An object allocated by instrumented code is named by its allocation
 * site and how many objects that site had allocated before it (seed 001's heap-variable naming); an
 * object Weft first meets without having seen its allocation (made inside the JDK, say) is named by
 * the site of its first access and an occurrence count. Both are stable across runs that follow the
 * same interleaving, which makes locations comparable between runs.
 */
public final class ObjectNames {
  private IdentityHashMap<Object, Integer> numbers = new IdentityHashMap<>();
  private final IntArrayList namingSite = new IntArrayList();
  private final IntArrayList occurrence = new IntArrayList();
  private final IntArrayList allocated = new IntArrayList();
  private final Int2IntOpenHashMap countPerSite = new Int2IntOpenHashMap();

  /** The most objects a run's tables are made ready for up front. */
  static final int MAX_EXPECTED = 1 << 16;

  public ObjectNames() {
    // number 0 is reserved for "static", see Locations
    namingSite.add(0);
    occurrence.add(0);
    allocated.add(0);
  }

  /**
   * The run will name about {@code objects} objects (the last run of the same program did): the
   * table starts that big instead of growing, and rehashing every name, a dozen times on the way.
   * Only before the first name; capped, so that one huge run does not make every later one allocate
   * a huge table.
   */
  public void expect(int objects) {
    if (numbers.isEmpty() && objects > 32) {
      int expected = Math.min(objects, MAX_EXPECTED);
      numbers = new IdentityHashMap<>(expected);
      namingSite.ensureCapacity(expected + 1);
      occurrence.ensureCapacity(expected + 1);
      allocated.ensureCapacity(expected + 1);
    }
  }

  /** Records the allocation of a fresh object at {@code site}. */
  public void allocated(Object object, int site) {
    if (object == null || numbers.containsKey(object)) {
      return;
    }
    assign(object, site, true);
  }

  /** Returns the run-local number of {@code object}, naming it after {@code site} if it is new. */
  public int numberOf(Object object, int site) {
    Integer n = numbers.get(object);
    return n != null ? n : assign(object, site, false);
  }

  private int assign(Object object, int site, boolean atAllocation) {
    int n = namingSite.size();
    numbers.put(object, n);
    namingSite.add(site);
    occurrence.add(countPerSite.addTo(site, 1));
    allocated.add(atAllocation ? 1 : 0);
    return n;
  }

  /**
   * The site that allocated object {@code number} (or where Weft first met it); 0 for statics and
   * numbers not assigned.
   */
  public int namingSite(int number) {
    return number <= 0 || number >= namingSite.size() ? 0 : namingSite.getInt(number);
  }

  public int size() {
    return namingSite.size() - 1;
  }

  /**
   * A name like {@code new@Prog.java:12#3} or {@code seen@Prog.java:40#0}: where the object was
   * made (or first met) and how many objects the run named on that source line before it. Counted
   * per line rather than per site, two objects made on one line by two sites ({@code Account a =
   * new Account(), b = new Account();}) get two names, {@code #0} and {@code #1}, where a deadlock
   * between them would otherwise read as one lock; on a line with one site the count is that
   * site's. The run names its objects in the order its decisions make, so a replay names them
   * alike.
   */
  public String describe(int number, SiteTable sites) {
    if (number <= 0 || number >= namingSite.size()) {
      return "static";
    }
    int site = namingSite.getInt(number);
    String where = sites.get(site).fileAndLine();
    String how = allocated.getInt(number) == 1 ? "new@" : "seen@";
    return how + where + "#" + onItsLine(number, site, where, sites);
  }

  /**
   * How many objects named before {@code number} were named on the line {@code where}: its site's
   * occurrence count plus those of the other sites that line has. Only reports ask, so the count is
   * not kept as names are given: the first question counts through the names up to its object,
   * later ones go on from there, so a run's reports look at each name once.
   */
  private synchronized int onItsLine(int number, int site, String where, SiteTable sites) {
    if (lineOfSite == null) {
      lineOfSite = new Int2ObjectOpenHashMap<>();
      perLine = new Object2IntOpenHashMap<>();
      countOnLine.add(0); // number 0: static
      lineOfSite.put(site, where);
    }
    while (countOnLine.size() <= number) {
      int named = namingSite.getInt(countOnLine.size());
      String line = lineOfSite.get(named);
      if (line == null) {
        line = sites.get(named).fileAndLine();
        lineOfSite.put(named, line);
      }
      countOnLine.add(perLine.addTo(line, 1));
    }
    return countOnLine.getInt(number);
  }

  /** Per object number counted so far: how many objects the run named on its line before it. */
  private final IntArrayList countOnLine = new IntArrayList();

  /**
   * The source line ({@link Site#fileAndLine()}) of each naming site counted, and per line its
   * count.
   */
  private Int2ObjectOpenHashMap<String> lineOfSite;

  private Object2IntOpenHashMap<String> perLine;

  /** Hash of the object's name, equal across runs that name it the same way. */
  public long stableKey(int number, SiteTable sites) {
    if (number <= 0 || number >= namingSite.size()) {
      return 0L;
    }
    long h =
        StableHash.mixLong(0xcbf29ce484222325L, sites.get(namingSite.getInt(number)).stableKey());
    h = StableHash.mixInt(h, occurrence.getInt(number));
    return StableHash.mixInt(h, allocated.getInt(number));
  }
}
