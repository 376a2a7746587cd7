package dev.weft.fuzz.session;

import java.util.List;

/**
 * What one session did, and where the campaign stands after it.
 *
 * @param newFindings replay files of the findings first seen in this session
 * @param findings distinct findings of the whole campaign
 * @param executions the worker's executions over all sessions
 * @param weftFailed whether the session stopped because Weft itself failed
 * @param targetStuck whether it stopped because a target thread could not be stopped (this JVM
 *     should not run more of the target: a pool replaces the worker)
 */
public record SessionResult(
    int session,
    long sessionExecutions,
    long executions,
    double sessionSeconds,
    long skipped,
    int coverageKeys,
    int corpusEntries,
    List<String> newFindings,
    int findings,
    String stopReason,
    boolean weftFailed,
    boolean targetStuck) {

  public SessionResult {
    newFindings = List.copyOf(newFindings);
  }
}
