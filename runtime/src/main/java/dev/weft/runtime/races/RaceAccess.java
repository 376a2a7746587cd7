package dev.weft.runtime.races;

import java.util.List;

/**
 * One side of a race: who accessed, where, and whether it wrote.
 *
 * @param call index of the call in the run's {@link RaceLog}, or -1 for a field access
 * @param event index of the trace event of a field access, or -1 for a call
 * @param stack target frames at the access, innermost first; empty unless captured
 */
public record RaceAccess(
    int thread, int site, boolean write, int call, int event, List<StackTraceElement> stack) {

  RaceAccess withStack(List<StackTraceElement> frames) {
    return new RaceAccess(thread, site, write, call, event, frames);
  }
}
