package dev.weft.corpus.campaign;

/**
 * One run worth keeping: it added coverage keys nobody had seen. It holds what reproduces the run
 * (input bytes and scheduling decisions), the keys it added (so that a resumed campaign knows its
 * coverage without running anything again), what it cost, and where it came from, for the scheduler
 * and the dashboard of later issues.
 *
 * @param worker the worker that made it (0 until there are several)
 * @param execution the worker's execution number, counted over all sessions; with the worker it
 *     names the entry
 * @param input input bytes; empty until Weft mutates inputs
 * @param decisions the chosen thread index at every point where more than one thread was enabled
 * @param coverageKeys the segment keys this run added to the campaign's coverage, none seen before
 * @param executionNanos how long the run took
 * @param strategy what made the run: {@code first}, {@code planned}, {@code pct} or {@code random}
 * @param parent the entry whose run the schedule was planned on, or null for a fresh run
 * @param session the session in which it was found, counted from 1
 * @param wallTimeMillis when it was found (milliseconds since the epoch)
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
    long wallTimeMillis) {

  /** The entry's name: its file is {@code corpus/<id>.entry}. */
  public String id() {
    return id(worker, execution);
  }

  public static String id(int worker, long execution) {
    return "w" + worker + "-e" + execution;
  }
}
