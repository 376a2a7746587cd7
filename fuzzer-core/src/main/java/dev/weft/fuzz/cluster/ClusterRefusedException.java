package dev.weft.fuzz.cluster;

/** This process could not take part in the cluster; the message says why and what to do. */
public final class ClusterRefusedException extends Exception {
  public ClusterRefusedException(String message) {
    super(message);
  }
}
