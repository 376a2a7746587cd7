package dev.weft.runtime.races;

import dev.weft.trace.EventKind;
import dev.weft.trace.FieldTable;
import dev.weft.trace.Locations;
import dev.weft.trace.ObjectNames;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Finds the races of one finished run: walks its trace in order with the {@link RaceLog} merged in,
 * keeps happens-before as {@link VectorClocks}, and hands every data access to a {@link
 * RaceChecker}. It runs after the run, so the scheduler's hot path only appends to the log.
 *
 * <p>Happens-before comes from the events Weft already records. Program order; a thread's start
 * before its first event and its last event before a join that saw it end (the trace's causal
 * edges); monitor and {@code Lock} release before the next acquisition, and every read unlock
 * before the next write lock of a read/write lock; a volatile or atomic write before the reads that
 * follow it; read-modify-writes, latches, barriers, semaphores, phasers, exchangers and the calls
 * on {@code java.util.concurrent} objects (a queue's {@code put} before the {@code take}) as both.
 * A future is completed inside the JDK, out of the trace's sight, so a read of one (its {@code
 * get}, {@code join}, {@code isDone}) follows everything every thread did before. A static
 * initialiser's accesses are not checked: the JVM orders them before every use of the class. Where
 * Weft cannot tell, it orders: a missed race is better than a false one.
 */
public final class RaceOracle {
  private static final int UNKNOWN = 0;
  private static final int PLAIN = 1;
  private static final int OTHER = 2;

  private final Trace trace;
  private final RaceLog log;
  private final SiteTable sites;
  private final FieldTable fields;
  private final ObjectNames objects;
  private final boolean checkFields;
  private final byte[] siteKinds;
  private final Int2ObjectOpenHashMap<IntArrayList> sourcesOf = new Int2ObjectOpenHashMap<>();

  /** Events that are the source of a causal edge; dense, as every event is asked about. */
  private final BitSet sources = new BitSet();

  /** Events that are the target of a causal edge, so that most events skip the map. */
  private final BitSet targets = new BitSet();

  private final int[] initDepth;
  private final VectorClocks clocks;
  private final RaceChecker checker;

  private RaceOracle(
      Trace trace, RaceLog log, SiteTable sites, FieldTable fields, ObjectNames objects) {
    this.trace = trace;
    this.log = log;
    this.sites = sites;
    this.fields = fields;
    this.objects = objects;
    this.checkFields = log.mode() == RaceMode.FIELDS;
    this.siteKinds = new byte[sites.size()];
    int threads = threadCount(trace, log);
    this.initDepth = new int[threads];
    this.clocks = new VectorClocks(threads);
    this.checker = new RaceChecker(this::describe);
    for (int e = 0; e < trace.causalEdgeCount(); e++) {
      int source = trace.causalEdgeSource(e);
      sourcesOf.computeIfAbsent(trace.causalEdgeTarget(e), k -> new IntArrayList()).add(source);
      sources.set(source);
      targets.set(trace.causalEdgeTarget(e));
    }
  }

  /** The races of a finished run, in the order their second access happened. */
  public static List<Race> find(
      Trace trace, RaceLog log, SiteTable sites, FieldTable fields, ObjectNames objects) {
    if (log.mode() == RaceMode.OFF
        || (log.mode() == RaceMode.JDK && !SharedObjects.anyWrittenByOneSharedWithAnother(log))) {
      return List.of();
    }
    RaceOracle oracle = new RaceOracle(trace, log, sites, fields, objects);
    oracle.walk();
    return oracle.withStacks(oracle.checker.races());
  }

  private static int threadCount(Trace trace, RaceLog log) {
    int n = 0;
    for (int i = 0; i < trace.size(); i++) {
      n = Math.max(n, trace.thread(i) + 1);
    }
    for (int c = 0; c < log.calls(); c++) {
      n = Math.max(n, log.thread(c) + 1);
    }
    return Math.max(n, 1);
  }

  private void walk() {
    int calls = log.calls();
    int marks = log.marks();
    int c = 0;
    int m = 0;
    for (int i = 0; i <= trace.size(); i++) {
      while (m < marks && log.markPosition(m) <= i) {
        mark(m++);
      }
      while (c < calls && log.position(c) <= i) {
        call(c++);
      }
      if (i < trace.size()) {
        event(i);
      }
    }
  }

  private void mark(int m) {
    int t = log.markThread(m);
    switch (log.markKind(m)) {
      case RaceLog.CLASS_INIT_BEGIN -> initDepth[t]++;
      case RaceLog.CLASS_INIT_END -> initDepth[t] = Math.max(0, initDepth[t] - 1);
      default -> clocks.releaseMerged(t, log.markLocation(m));
    }
  }

  private void call(int c) {
    int t = log.thread(c);
    RaceAccess access = new RaceAccess(t, log.site(c), log.writes(c), c, -1, List.of());
    checker.access(callVariable(log.object(c)), clocks.of(t), access);
  }

  private static long callVariable(int objectId) {
    return Locations.of(Integer.MIN_VALUE, objectId);
  }

  private void event(int i) {
    int t = trace.thread(i);
    IntArrayList edgesIn = targets.get(i) ? sourcesOf.get(i) : null;
    if (edgesIn != null) {
      for (int s = 0; s < edgesIn.size(); s++) {
        clocks.acquireSnapshot(t, edgesIn.getInt(s));
      }
    }
    EventKind kind = trace.kind(i);
    long location = trace.location(i);
    if (location != Locations.NONE) {
      int member = Locations.member(location);
      if (member == Locations.LOCK_MEMBER) {
        lockEvent(t, kind, location);
      } else if (member == Locations.THREAD_MEMBER) {
        threadEvent(t, kind, location);
      } else if (member == Locations.CONTENTS_MEMBER) {
        contentsEvent(t, kind, location);
      } else if (member >= 0) {
        memoryEvent(i, t, kind, location);
      }
    }
    if (sources.get(i)) {
      clocks.snapshot(t, i);
    }
  }

  private void lockEvent(int t, EventKind kind, long location) {
    int view = Locations.objectNumber(location);
    long shared = log.sharedLock(view);
    long key = shared == Long.MIN_VALUE ? location : shared;
    boolean readSide = log.isReadSide(view);
    switch (kind) {
      case MONITOR_ENTER, WAKE -> {
        clocks.acquire(t, key);
        if (!readSide) {
          clocks.acquireReaders(t, key);
        }
      }
      case MONITOR_EXIT, WAIT -> {
        if (readSide) {
          clocks.releaseReader(t, key);
        } else {
          clocks.release(t, key);
        }
      }
      case READ -> {
        clocks.acquire(t, key);
        clocks.releaseReader(t, key);
      }
      case NOTIFY, NOTIFY_ALL -> {}
      default -> {
        clocks.acquire(t, key);
        clocks.releaseMerged(t, key);
      }
    }
  }

  private void threadEvent(int t, EventKind kind, long location) {
    switch (kind) {
      case THREAD_START, THREAD_JOIN -> {} // the trace's causal edges order these
      case READ -> clocks.acquire(t, location);
      default -> {
        clocks.acquire(t, location);
        clocks.releaseMerged(t, location);
      }
    }
  }

  private void contentsEvent(int t, EventKind kind, long location) {
    int object = Locations.objectNumber(location);
    if (log.isWatchedTraceNumber(object)) {
      return; // data, checked through the log's call
    }
    clocks.acquire(t, location);
    if (kind == EventKind.READ) {
      if (log.isFuture(object)) {
        clocks.acquireAll(t);
      }
    } else {
      clocks.releaseMerged(t, location);
    }
  }

  private void memoryEvent(int i, int t, EventKind kind, long location) {
    boolean plainSite = siteKind(trace.site(i)) == PLAIN;
    if (kind == EventKind.ARRAY_READ || kind == EventKind.ARRAY_WRITE) {
      if (checkFields && initDepth[t] == 0) {
        data(i, t, kind == EventKind.ARRAY_WRITE, location);
      }
      return;
    }
    if (plainSite
        && (kind == EventKind.READ || kind == EventKind.WRITE)
        && fields.isPlain(Locations.member(location))) {
      if (checkFields && initDepth[t] == 0) {
        data(i, t, kind == EventKind.WRITE, location);
      }
      return;
    }
    switch (kind) {
      case READ -> clocks.acquire(t, location);
      case WRITE -> clocks.release(t, location);
      default -> {
        clocks.acquire(t, location);
        clocks.releaseMerged(t, location);
      }
    }
  }

  private void data(int i, int t, boolean write, long location) {
    RaceAccess access = new RaceAccess(t, trace.site(i), write, -1, i, List.of());
    checker.access(location, clocks.of(t), access);
  }

  /** Whether the site is a field or array instruction (its operation reads "read X"/"write X"). */
  private int siteKind(int site) {
    if (site >= siteKinds.length) {
      return OTHER;
    }
    if (siteKinds[site] == UNKNOWN) {
      String op = sites.get(site).operation();
      siteKinds[site] = (byte) (op.startsWith("read ") || op.startsWith("write ") ? PLAIN : OTHER);
    }
    return siteKinds[site];
  }

  private String describe(long variable, RaceAccess access) {
    int object = Locations.objectNumber(variable);
    int member = Locations.member(variable);
    if (object == Integer.MIN_VALUE) {
      int traceNumber = log.traceNumber(member);
      String where =
          traceNumber > 0
              ? objects.describe(traceNumber, sites)
              : "first used at " + sites.get(log.namingSite(member)).fileAndLine();
      return "a " + log.className(member) + " (" + where + ")";
    }
    if (object == 0) {
      return "static field " + fields.name(member);
    }
    String owner = objects.describe(object, sites);
    EventKind kind = trace.kind(access.event());
    return kind == EventKind.ARRAY_READ || kind == EventKind.ARRAY_WRITE
        ? "element [" + member + "] of array " + owner
        : "field " + fields.name(member) + " of " + owner;
  }

  private List<Race> withStacks(List<Race> races) {
    List<Race> out = new java.util.ArrayList<>(races.size());
    for (Race r : races) {
      out.add(new Race(stacked(r.first()), stacked(r.second()), r.target()));
    }
    return out;
  }

  private RaceAccess stacked(RaceAccess a) {
    List<StackTraceElement> s = a.call() >= 0 ? log.stack(a.call()) : null;
    return s == null ? a : a.withStack(s);
  }

  /** The site of an access, for reports and signatures. */
  static Site siteOf(SiteTable sites, RaceAccess a) {
    return sites.get(a.site());
  }
}
