package dev.weft.runtime.local;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The objects of one run that only the thread which made them can reach. An access to such an
 * object cannot race with anything, so it needs no scheduling point and no trace event: on programs
 * whose threads fill buffers of their own, most scheduling points were of this kind.
 *
 * <p>An object is local from its creation by instrumented code (a new array, an object of a class
 * whose every superclass but {@code Object} is instrumented target code, once {@code Object}'s
 * constructor has run, or one of the JDK collections, atomics and string buffers of {@link
 * LocalJdkClasses}, and the views such an object returns) until it <em>escapes</em>: stored into a
 * static, or into a field or element of an object that is not local to the same thread, handed to
 * code Weft does not instrument (a JDK call, a lambda capture, reflection), returned to the JDK
 * from a callback. An escaping object takes every local object it reaches with it. Reaching an
 * object that is local to another thread proves an escape Weft did not see: the object becomes
 * shared there and then, and the miss is counted ({@link #missedEscapes()}), so a hole in the
 * escape rules costs interleavings, never a wrong finding.
 *
 * <p>Runs are serialized, so only the thread holding the turn ever calls in: no locking.
 */
public final class LocalObjects {
  private final boolean enabled;
  private final Predicate<Class<?>> trackable;
  private IdentityHashMap<Object, Object> owners = new IdentityHashMap<>();

  /** A local view (an iterator, a key set) and the local object it shows. */
  private IdentityHashMap<Object, Object> viewed = new IdentityHashMap<>();

  /** A local object stored into a static of a class whose initialiser is running. */
  private record StoredDuringInit(Object value, String className) {}

  private final ArrayList<StoredDuringInit> storedDuringInit = new ArrayList<>();

  /** Local entry sets of local maps: their iterators return entries that are views too. */
  private final Set<Object> entrySets = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The local object a call about to return a view of it was made on, and by whom. */
  private Object viewSource;

  private Object viewSourceOwner;

  private boolean entrySetComing;
  private final ArrayDeque<Object> reached = new ArrayDeque<>();
  private static final int MAX_EXPECTED = 1 << 16;
  private int tracked;
  private int views;
  private long elided;
  private long adopted;
  private long escaped;
  private long missed;

  /**
   * @param enabled whether objects are tracked at all (off: every object is shared, as before)
   * @param trackable whether objects of a class can be tracked: its constructors and methods are
   *     all instrumented, so every way it can leak {@code this} is seen
   */
  public LocalObjects(boolean enabled, Predicate<Class<?>> trackable) {
    this.enabled = enabled;
    this.trackable = trackable;
  }

  /**
   * The run will track about {@code objects} objects and {@code views} views (the last run of the
   * same program did): the tables start that big instead of growing, rehashing every entry each
   * time, on the way (a tenth of a 40-thread run's time went to that). Capped like {@link
   * dev.weft.trace.ObjectNames#expect}.
   */
  public void expect(int objects, int views) {
    if (owners.isEmpty() && objects > 32) {
      owners = new IdentityHashMap<>(Math.min(objects, MAX_EXPECTED));
    }
    if (viewed.isEmpty() && views > 32) {
      viewed = new IdentityHashMap<>(Math.min(views, MAX_EXPECTED));
    }
  }

  /** Objects this run began to track, escaped since or not. */
  public int trackedCount() {
    return tracked;
  }

  /** Views of local objects this run made. */
  public int viewCount() {
    return views;
  }

  /** Tracking nothing: every object is shared. */
  public static LocalObjects off() {
    return new LocalObjects(false, c -> false);
  }

  public boolean enabled() {
    return enabled;
  }

  /** A new array made by target code in thread {@code owner}. */
  public void arrayMade(Object array, Object owner) {
    if (enabled) {
      owners.put(array, owner);
      tracked++;
      adopted++;
    }
  }

  /** {@code Object}'s constructor returned to the first constructor of {@code object}'s class. */
  public void constructed(Object object, Object owner) {
    if (enabled && trackable.test(object.getClass())) {
      owners.put(object, owner);
      tracked++;
      adopted++;
    }
  }

  /**
   * A copy the JDK made for {@code owner} ({@code clone()}, {@code Arrays.copyOf}): nobody else has
   * it yet. It refers to what the original referred to, which is local to {@code owner} or shared.
   */
  public void copied(Object copy, Object owner) {
    if (enabled && copy != null && (copy.getClass().isArray() || trackable.test(copy.getClass()))) {
      owners.put(copy, owner);
      tracked++;
      adopted++;
    }
  }

  /**
   * A call by {@code owner} on its local {@code object} is about to return a view of it ({@link
   * LocalJdkClasses#ruleFor}); {@link #viewMade} adopts what it returns.
   */
  public void viewComing(Object object, Object owner) {
    viewComing(object, owner, false);
  }

  /** As {@link #viewComing(Object, Object)}; {@code entrySet}: the view is a map's entry set. */
  public void viewComing(Object object, Object owner, boolean entrySet) {
    viewSource = object;
    viewSourceOwner = owner;
    entrySetComing = entrySet;
  }

  /** Whether {@code iterator} is a local iterator over a local map's entry set. */
  public boolean isEntryIterator(Object iterator) {
    if (entrySets.isEmpty()) {
      return false;
    }
    Object source = viewed.get(iterator);
    return source != null && entrySets.contains(source);
  }

  /**
   * What the call announced by {@link #viewComing} returned: local to the same thread as long as
   * the object it shows is, which escapes with it. Nothing is adopted if no view was announced by
   * {@code owner} (the call's receiver was not local) or the result is not the JDK's own object.
   */
  public void viewMade(Object view, Object owner) {
    Object source = viewSource;
    boolean entrySet = entrySetComing;
    viewSource = null;
    viewSourceOwner = null;
    entrySetComing = false;
    if (source == null
        || view == null
        || !LocalJdkClasses.isJdkObject(view)
        || owners.get(source) != owner) {
      return;
    }
    owners.put(view, owner);
    tracked++;
    if (view != source) {
      viewed.put(view, source);
      views++;
    }
    if (entrySet) {
      entrySets.add(view);
    }
    adopted++;
  }

  /**
   * Whether {@code object} is local to {@code owner}, so that its access needs no scheduling point.
   * An object local to another thread is made shared here (a missed escape).
   */
  public boolean isLocal(Object object, Object owner) {
    if (owners.isEmpty()) {
      return false;
    }
    Object o = owners.get(object);
    if (o == null) {
      return false;
    }
    if (o == owner) {
      elided++;
      return true;
    }
    missed++;
    escape(object);
    return false;
  }

  /** Whether {@code object} is local to {@code owner}, without counting an access. */
  public boolean isLocalQuietly(Object object, Object owner) {
    return !owners.isEmpty() && owners.get(object) == owner;
  }

  /** {@code value} was stored into {@code holder} by {@code owner}. */
  public void stored(Object holder, Object value, Object owner) {
    if (value == null || owners.isEmpty()) {
      return;
    }
    Object o = owners.get(holder);
    if (o == owner) {
      return; // reachable only through the holder, which escapes with what it reaches
    }
    if (o != null) {
      missed++;
      escape(holder);
    }
    escape(value);
  }

  /**
   * {@code value}, local to {@code owner}, was stored into a static of class {@code className}
   * (internal name) by its initialiser: no other thread can read the static until the initialiser
   * returns ({@link #classInitialised}), when the value escapes. Until then it stays local: a class
   * initialiser filling a table it has already put into its static costs no scheduling points. (An
   * initialiser that throws leaves its statics unreadable: the value never escapes that way.)
   */
  public void storedDuringInit(Object value, String className, Object owner) {
    if (isLocalQuietly(value, owner)) {
      storedDuringInit.add(new StoredDuringInit(value, className));
    } else {
      escape(value);
    }
  }

  /** The initialiser of {@code className} returned: what it kept in its statics escapes. */
  public void classInitialised(String className) {
    for (int i = storedDuringInit.size() - 1; i >= 0; i--) {
      if (storedDuringInit.get(i).className().equals(className)) {
        escape(storedDuringInit.remove(i).value());
      }
    }
  }

  /**
   * {@code value} can now be reached by other threads, and so can every local object it reaches.
   */
  public void escape(Object value) {
    if (value == null || owners.isEmpty() || owners.remove(value) == null) {
      return;
    }
    escaped++;
    reached.push(value);
    while (!reached.isEmpty()) {
      Object o = reached.pop();
      if (!viewed.isEmpty()) {
        reach(viewed.remove(o));
      }
      if (LocalJdkClasses.isJdkObject(o)) {
        continue; // a JDK object holds no local object: whatever it was given escaped then
      }
      if (o instanceof Object[]) {
        for (Object element : (Object[]) o) {
          reach(element);
        }
      } else if (!o.getClass().isArray()) {
        ReferenceFields.forEachValue(o, this::reach);
      }
    }
  }

  private void reach(Object o) {
    if (o != null && owners.remove(o) != null) {
      escaped++;
      reached.push(o);
    }
  }

  /** Accesses that needed no scheduling point because their object was local. */
  public long elidedAccesses() {
    return elided;
  }

  /** Objects that were local at some point of the run. */
  public long adoptedObjects() {
    return adopted;
  }

  /** Objects that stopped being local. */
  public long escapedObjects() {
    return escaped;
  }

  /** Objects found local to one thread while another reached them: escapes the rules missed. */
  public long missedEscapes() {
    return missed;
  }
}
