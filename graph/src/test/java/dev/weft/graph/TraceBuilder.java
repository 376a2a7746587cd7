package dev.weft.graph;

import dev.weft.trace.EventKind;
import dev.weft.trace.Locations;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Hand-built traces for tests: site ids double as stable site keys. */
public final class TraceBuilder {
  private final Trace trace = new Trace();
  private final List<String> names = new ArrayList<>();

  public TraceBuilder threads(String... threadNames) {
    names.addAll(List.of(threadNames));
    return this;
  }

  public int read(int thread, long location, int site) {
    return trace.append(thread, EventKind.READ, site, location);
  }

  public int write(int thread, long location, int site) {
    return trace.append(thread, EventKind.WRITE, site, location);
  }

  public int enter(int thread, long lock, int site) {
    return trace.append(thread, EventKind.MONITOR_ENTER, site, lock);
  }

  public int exit(int thread, long lock, int site) {
    return trace.append(thread, EventKind.MONITOR_EXIT, site, lock);
  }

  public int event(int thread, EventKind kind, int site) {
    return trace.append(thread, kind, site, Locations.NONE);
  }

  public void causal(int before, int after) {
    trace.addCausalEdge(before, after);
  }

  public Trace trace() {
    return trace;
  }

  public InterleavingGraph graph() {
    while (names.size() < trace.threadCount()) {
      names.add("t" + names.size());
    }
    return GraphBuilder.build(trace, names, site -> 1000L + site);
  }

  /**
   * A long, lock-correct random run: {@code main} starts {@code workers} threads (causal edges),
   * which then take turns in bursts of 1-20 events, reading and writing six fields and now and then
   * holding one of two locks for a few accesses; {@code main} joins them at the end.
   */
  public static TraceBuilder randomRun(Random random, int events, int workers) {
    TraceBuilder t = new TraceBuilder();
    t.threads("main");
    int[] begin = new int[workers + 1];
    for (int w = 1; w <= workers; w++) {
      t.threads("main." + w);
      int start = t.event(0, EventKind.THREAD_START, 1);
      begin[w] = t.event(w, EventKind.THREAD_BEGIN, 0);
      t.causal(start, begin[w]);
    }
    int[] holder = {-1, -1};
    int[] held = new int[workers + 1];
    java.util.Arrays.fill(held, -1);
    int w = 1;
    int burst = 0;
    while (t.trace.size() < events - 2 * workers) {
      if (burst-- <= 0) {
        w = 1 + random.nextInt(workers);
        burst = random.nextInt(20);
      }
      int choice = random.nextInt(20);
      if (held[w] >= 0 && choice < 3) {
        t.exit(w, lock(9 + held[w]), 60 + held[w]);
        holder[held[w]] = -1;
        held[w] = -1;
      } else if (held[w] < 0 && choice < 2 && holder[choice] < 0) {
        t.enter(w, lock(9 + choice), 50 + choice);
        holder[choice] = w;
        held[w] = choice;
      } else {
        int f = random.nextInt(6);
        if (random.nextInt(3) == 0) {
          t.write(w, field(7, f), 200 + 10 * f + w);
        } else {
          t.read(w, field(7, f), 100 + 10 * f + w);
        }
      }
    }
    for (int v = 1; v <= workers; v++) {
      if (held[v] >= 0) {
        t.exit(v, lock(9 + held[v]), 60 + held[v]);
      }
      int end = t.event(v, EventKind.THREAD_END, 2);
      int join = t.event(0, EventKind.THREAD_JOIN, 3);
      t.causal(end, join);
    }
    return t;
  }

  /** The graph of a whole trace built elsewhere (a reordered run), sites as here. */
  public static InterleavingGraph graphOf(Trace trace, List<String> names) {
    return GraphBuilder.build(trace, names, site -> 1000L + site);
  }

  /** The graph of {@code window} of the trace. */
  public InterleavingGraph graph(TraceWindow window) {
    return GraphBuilder.build(trace, names, site -> 1000L + site, window);
  }

  /** A field of a run-local object. */
  public static long field(int object, int field) {
    return Locations.of(object, field);
  }

  public static long lock(int object) {
    return Locations.of(object, Locations.LOCK_MEMBER);
  }
}
