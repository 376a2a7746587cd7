package dev.weft.graph;

import dev.weft.runtime.trace.EventKind;
import dev.weft.runtime.trace.Locations;
import dev.weft.runtime.trace.Trace;
import java.util.ArrayList;
import java.util.List;

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

  /** A field of a run-local object. */
  public static long field(int object, int field) {
    return Locations.of(object, field);
  }

  public static long lock(int object) {
    return Locations.of(object, Locations.LOCK_MEMBER);
  }
}
