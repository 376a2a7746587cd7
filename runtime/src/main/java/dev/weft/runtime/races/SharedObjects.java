package dev.weft.runtime.races;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The oracle's shortcut: a race on a watched object needs two threads to call it and one call to
 * write. Most runs have no such object, and then the trace need not be walked at all.
 */
final class SharedObjects {
  private SharedObjects() {}

  static boolean anyWrittenByOneSharedWithAnother(RaceLog log) {
    int n = log.objects();
    IntArrayList firstThread = new IntArrayList(n);
    boolean[] shared = new boolean[n];
    boolean[] written = new boolean[n];
    for (int i = 0; i < n; i++) {
      firstThread.add(-1);
    }
    for (int c = 0; c < log.calls(); c++) {
      int o = log.object(c);
      int t = log.thread(c);
      if (firstThread.getInt(o) < 0) {
        firstThread.set(o, t);
      } else if (firstThread.getInt(o) != t) {
        shared[o] = true;
      }
      written[o] |= log.writes(c);
      if (shared[o] && written[o]) {
        return true;
      }
    }
    return false;
  }
}
