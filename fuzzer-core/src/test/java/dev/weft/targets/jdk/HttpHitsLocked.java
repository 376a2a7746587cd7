package dev.weft.targets.jdk;

/** {@link HttpHits} with the handlers' count under a lock: correct. */
public final class HttpHitsLocked {
  private HttpHitsLocked() {}

  public static void main(String[] args) throws Exception {
    HttpHits.main(new String[] {"locked"});
  }
}
