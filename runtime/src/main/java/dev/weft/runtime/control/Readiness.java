package dev.weft.runtime.control;

/** What a thread's {@link Wait} allows at a scheduling decision. */
public enum Readiness {
  /** It cannot go on until some other thread changes something. */
  BLOCKED,
  /**
   * Nothing has let it go on, but its wait has a deadline: it may time out, which happens only when
   * no thread is {@link #READY} (virtual time passes when everyone waits).
   */
  ONLY_TO_TIME_OUT,
  /** It can go on now. */
  READY
}
