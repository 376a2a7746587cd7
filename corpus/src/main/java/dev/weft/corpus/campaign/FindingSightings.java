package dev.weft.corpus.campaign;

import java.util.SortedSet;
import java.util.TreeSet;

/**
 * How often a distinct finding (one signature) has been seen, and in which sessions: the finding's
 * files are written once, and this is what changes when the same bug comes back. In a cluster the
 * count is the cluster's: the member that writes a finding adds the sightings of the others, which
 * are also kept apart ({@link #elsewhere()}), since their sessions are not this campaign's.
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
  private long elsewhere;
  private long unwritten;
  private long unwrittenElsewhere;

  public FindingSightings(
      String id,
      String kind,
      String signature,
      String message,
      int firstSession,
      long firstExecution,
      long firstTime,
      long count,
      long elsewhere,
      Iterable<Integer> sessions) {
    this.id = id;
    this.kind = kind;
    this.signature = signature;
    this.message = message;
    this.firstSession = firstSession;
    this.firstExecution = firstExecution;
    this.firstTime = firstTime;
    this.count = count;
    this.elsewhere = elsewhere;
    sessions.forEach(this.sessions::add);
  }

  void seen(int session) {
    count++;
    unwritten++;
    sessions.add(session);
  }

  /** Counts sightings other members of the cluster made (they are in no session of this one). */
  void seenElsewhere(long sightings) {
    count += sightings;
    elsewhere += sightings;
    unwritten += sightings;
    unwrittenElsewhere += sightings;
  }

  /**
   * Takes in what another process wrote meanwhile: its count plus the sightings made here since the
   * last write, and the union of the sessions.
   */
  void mergeWritten(long writtenCount, long writtenElsewhere, Iterable<Integer> writtenSessions) {
    count = writtenCount + unwritten;
    elsewhere = writtenElsewhere + unwrittenElsewhere;
    writtenSessions.forEach(sessions::add);
  }

  /** The sightings made here are now in the file. */
  void written() {
    unwritten = 0;
    unwrittenElsewhere = 0;
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

  /** The sightings of {@link #count()} that other members of a cluster made. */
  public long elsewhere() {
    return elsewhere;
  }

  public SortedSet<Integer> sessions() {
    return new TreeSet<>(sessions);
  }
}
