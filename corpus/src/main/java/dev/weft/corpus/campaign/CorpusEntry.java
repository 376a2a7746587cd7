package dev.weft.corpus.campaign;

/**
 * One run worth keeping: it added coverage keys nobody had seen, or, for a fuzz target, branch
 * edges no input had reached. It is an (input, schedule) pair: what reproduces the run (input bytes
 * and scheduling decisions), what it added (keys and edges, so that a resumed campaign knows its
 * coverage without running anything again), what it cost, and where it came from.
 *
 * @param worker the worker that made it (0 until there are several)
 * @param execution the worker's execution number, counted over all sessions; with the worker it
 *     names the entry
 * @param input the input bytes of a fuzz target's run; empty for targets without input
 * @param decisions the chosen thread index at every point where more than one thread was enabled
 * @param coverageKeys the segment keys this run added to the campaign's coverage, none seen before
 * @param executionNanos how long the run took
 * @param strategy what made the run: {@code first}, {@code planned}, {@code pct} or {@code random}
 * @param parent the entry whose run the schedule was planned on, or null for a fresh run
 * @param session the session in which it was found, counted from 1
 * @param wallTimeMillis when it was found (milliseconds since the epoch)
 * @param newEdges the branch edges this run reached first, each as {@code id << 8 | bucket bits}
 *     (empty for targets without input, and in entries written before edges were recorded)
 */
public record CorpusEntry(
    int worker,
    long execution,
    byte[] input,
    int[] decisions,
    long[] coverageKeys,
    long executionNanos,
    String strategy,
    String parent,
    int session,
    long wallTimeMillis,
    int[] newEdges) {

  /** An entry that reached no new branch edge. */
  public CorpusEntry(
      int worker,
      long execution,
      byte[] input,
      int[] decisions,
      long[] coverageKeys,
      long executionNanos,
      String strategy,
      String parent,
      int session,
      long wallTimeMillis) {
    this(
        worker,
        execution,
        input,
        decisions,
        coverageKeys,
        executionNanos,
        strategy,
        parent,
        session,
        wallTimeMillis,
        new int[0]);
  }

  /** The entry's name: its file is {@code corpus/<id>.entry}. */
  public String id() {
    return id(worker, execution);
  }

  public static String id(int worker, long execution) {
    return "w" + worker + "-e" + execution;
  }
}
