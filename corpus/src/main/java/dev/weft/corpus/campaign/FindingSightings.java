package dev.weft.corpus.campaign;

import java.util.SortedSet;
import java.util.TreeSet;

/**
 * How often a distinct finding (one signature) has been seen, and in which sessions: the finding's
 * files are written once, and this is what changes when the same bug comes back.
 */
public final class FindingSightings {
  private final String id;
  private final String kind;
  private final String signature;
  private final String message;
  private final int firstSession;
  private final long firstExecution;
  private final long firstTime;
  private final SortedSet<Integer> sessions = new TreeSet<>();
  private long count;
  private long unwritten;

  public FindingSightings(
      String id,
      String kind,
      String signature,
      String message,
      int firstSession,
      long firstExecution,
      long firstTime,
      long count,
      Iterable<Integer> sessions) {
    this.id = id;
    this.kind = kind;
    this.signature = signature;
    this.message = message;
    this.firstSession = firstSession;
    this.firstExecution = firstExecution;
    this.firstTime = firstTime;
    this.count = count;
    sessions.forEach(this.sessions::add);
  }

  void seen(int session) {
    count++;
    unwritten++;
    sessions.add(session);
  }

  /**
   * Takes in what another process wrote meanwhile: its count plus the sightings made here since the
   * last write, and the union of the sessions.
   */
  void mergeWritten(long writtenCount, Iterable<Integer> writtenSessions) {
    count = writtenCount + unwritten;
    writtenSessions.forEach(sessions::add);
  }

  /** The sightings made here are now in the file. */
  void written() {
    unwritten = 0;
  }

  public String id() {
    return id;
  }

  public String kind() {
    return kind;
  }

  public String signature() {
    return signature;
  }

  public String message() {
    return message;
  }

  public int firstSession() {
    return firstSession;
  }

  public long firstExecution() {
    return firstExecution;
  }

  /**
   * When it was first seen, milliseconds since the epoch; 0 when unknown (findings written before
   * this was recorded).
   */
  public long firstTime() {
    return firstTime;
  }

  public long count() {
    return count;
  }

  public SortedSet<Integer> sessions() {
    return new TreeSet<>(sessions);
  }
}
