package dev.weft.runtime.races;

import dev.weft.runtime.oracle.StackFrames;
import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * What the race oracle needs from a run beyond its trace, written while the run goes on and read
 * after it: the calls on watched JDK objects (a call that is a scheduling point has its event in
 * the trace as well, but the oracle needs the receiver's class and whether this method writes), the
 * objects whose reads stand for a completion made inside the JDK (futures), which lock views share
 * one lock, and the static initialisers threads ran (the JVM orders a class's initialisation before
 * every use of the class, which the trace does not show).
 *
 * <p>Each record carries the trace position it was made at, so the oracle can merge it into the
 * total order of events. Nothing here takes a scheduling point or numbers an object in the run's
 * {@code ObjectNames}: with the oracle on or off, a run makes the same decisions and the same
 * trace.
 */
public final class RaceLog {
  /** Positions of a record: before the trace event of this index. */
  private final IntArrayList position = new IntArrayList();

  private final IntArrayList thread = new IntArrayList();
  private final IntArrayList object = new IntArrayList();
  private final IntArrayList site = new IntArrayList();
  private final IntArrayList writes = new IntArrayList();

  private final RaceMode mode;
  private final Trace trace;
  private IdentityHashMap<Object, Integer> ids = new IdentityHashMap<>();
  private final IntOpenHashSet watchedTraceNumbers = new IntOpenHashSet();
  private final IntArrayList traceNumberOf = new IntArrayList();
  private final IntArrayList namingSite = new IntArrayList();
  private final List<String> classNames = new ArrayList<>();
  private final IntOpenHashSet futures = new IntOpenHashSet();
  private final Int2LongOpenHashMap sharedLocks = new Int2LongOpenHashMap();
  private final IntOpenHashSet readSides = new IntOpenHashSet();
  private final IdentityHashMap<Object, Integer> sharedLockIds = new IdentityHashMap<>();
  private final IntArrayList markPosition = new IntArrayList();
  private final IntArrayList markThread = new IntArrayList();
  private final IntArrayList markKind = new IntArrayList();
  private final LongArrayList markLocation = new LongArrayList();
  private final IntSet captureAt;
  private final Int2ObjectOpenHashMap<List<StackTraceElement>> stacks =
      new Int2ObjectOpenHashMap<>();

  /**
   * @param captureAt indices of calls whose target stack to keep (a replay that explains a race);
   *     empty otherwise, since a stack per call would cost more than the run
   */
  public RaceLog(RaceMode mode, Trace trace, IntSet captureAt) {
    this.mode = mode;
    this.trace = trace;
    this.captureAt = captureAt;
    sharedLocks.defaultReturnValue(Long.MIN_VALUE);
  }

  /**
   * The run will call on about {@code objects} watched objects (the last run of the same program
   * did): their table starts that big instead of rehashing on the way. Only before the first call;
   * capped.
   */
  public void expect(int objects) {
    if (ids.isEmpty() && objects > 32) {
      ids = new IdentityHashMap<>(Math.min(objects, 1 << 16));
    }
  }

  /** Watched objects called on so far. */
  public int objectCount() {
    return ids.size();
  }

  public RaceMode mode() {
    return mode;
  }

  // ------------------------------------------------------------------ recording (run time)

  /**
   * A call on a watched object. {@code traceNumber} is the object's number in the run when the call
   * is also a trace event on the object's contents (which the oracle then does not count as
   * synchronisation), 0 for a call that is no scheduling point.
   */
  public void call(int threadIndex, Object receiver, int traceNumber, String method, int siteId) {
    if (receiver instanceof StringBuilder && mode != RaceMode.FIELDS) {
      return; // every string concatenation of pre-Java-9 bytecode; see NotThreadSafe
    }
    Integer known = ids.get(receiver);
    int id;
    if (known == null) {
      id = newObject(receiver, traceNumber, siteId);
      ids.put(receiver, id);
    } else {
      id = known;
    }
    if (traceNumber > 0 && traceNumberOf.getInt(id) == 0) {
      traceNumberOf.set(id, traceNumber);
    }
    if (traceNumber > 0) {
      watchedTraceNumbers.add(traceNumber);
    }
    append(threadIndex, id, siteId, NotThreadSafe.writes(receiver, method));
  }

  private int newObject(Object receiver, int traceNumber, int siteId) {
    int id = classNames.size();
    classNames.add(receiver.getClass().getName());
    traceNumberOf.add(traceNumber);
    namingSite.add(siteId);
    return id;
  }

  private void append(int threadIndex, int objectId, int siteId, boolean write) {
    int index = position.size();
    position.add(trace.size());
    thread.add(threadIndex);
    object.add(objectId);
    site.add(siteId);
    writes.add(write ? 1 : 0);
    if (captureAt.contains(index)) {
      stacks.put(index, StackFrames.targetFrames(new Throwable().getStackTrace()));
    }
  }

  /** Reads of this object's contents observe a completion made inside the JDK (a future). */
  public void future(int traceNumber) {
    futures.add(traceNumber);
  }

  /** The lock view numbered {@code viewNumber} in the run is one side of {@code shared}. */
  public void lockView(int viewNumber, Object shared, boolean readSide) {
    if (sharedLocks.containsKey(viewNumber)) {
      return;
    }
    Integer id = sharedLockIds.get(shared);
    if (id == null) {
      id = sharedLockIds.size() + 1;
      sharedLockIds.put(shared, id);
    }
    // a key no object of the run has: the shared lock is not numbered in the run's ObjectNames
    sharedLocks.put(viewNumber, Locations.of(-id, Locations.LOCK_MEMBER));
    if (readSide) {
      readSides.add(viewNumber);
    }
  }

  /** Kinds of {@link #mark}s. */
  static final int CLASS_INIT_BEGIN = 1;

  static final int CLASS_INIT_END = 2;
  static final int RELEASE = 3;

  /** A thread began or ended running a static initialiser. */
  public void classInit(int threadIndex, boolean begins) {
    mark(threadIndex, begins ? CLASS_INIT_BEGIN : CLASS_INIT_END, Locations.NONE);
  }

  /**
   * A release of {@code location} that the trace's event for it came too early to include: a
   * barrier's action and a phaser's {@code onAdvance} run after the arrival's event, before the
   * waiting parties go on.
   */
  public void release(int threadIndex, long location) {
    mark(threadIndex, RELEASE, location);
  }

  private void mark(int threadIndex, int kind, long location) {
    markPosition.add(trace.size());
    markThread.add(threadIndex);
    markKind.add(kind);
    markLocation.add(location);
  }

  // -------------------------------------------------------------------- reading (after the run)

  public int calls() {
    return position.size();
  }

  int position(int call) {
    return position.getInt(call);
  }

  int thread(int call) {
    return thread.getInt(call);
  }

  int object(int call) {
    return object.getInt(call);
  }

  int site(int call) {
    return site.getInt(call);
  }

  boolean writes(int call) {
    return writes.getInt(call) != 0;
  }

  int objects() {
    return classNames.size();
  }

  String className(int objectId) {
    return classNames.get(objectId);
  }

  /** The object's number in the run, or 0 for an object that has no event in the trace. */
  int traceNumber(int objectId) {
    return traceNumberOf.getInt(objectId);
  }

  /** The site of the first call seen on the object. */
  int namingSite(int objectId) {
    return namingSite.getInt(objectId);
  }

  boolean isWatchedTraceNumber(int traceNumber) {
    return watchedTraceNumbers.contains(traceNumber);
  }

  boolean isFuture(int traceNumber) {
    return futures.contains(traceNumber);
  }

  /** The key the oracle orders this lock's operations on, or {@code Long.MIN_VALUE} for its own. */
  long sharedLock(int viewNumber) {
    return sharedLocks.get(viewNumber);
  }

  boolean isReadSide(int viewNumber) {
    return readSides.contains(viewNumber);
  }

  int marks() {
    return markPosition.size();
  }

  int markPosition(int i) {
    return markPosition.getInt(i);
  }

  int markThread(int i) {
    return markThread.getInt(i);
  }

  int markKind(int i) {
    return markKind.getInt(i);
  }

  long markLocation(int i) {
    return markLocation.getLong(i);
  }

  /** The target frames of call {@code call}, if it was one to capture; else null. */
  List<StackTraceElement> stack(int call) {
    return stacks.get(call);
  }
}
