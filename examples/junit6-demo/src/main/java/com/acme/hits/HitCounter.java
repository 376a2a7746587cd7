package com.acme.hits;

/** Counts page hits; two threads can read the same count and one hit is lost. */
public class HitCounter {
  private int hits;

  public void hit() {
    hits++;
  }

  public int hits() {
    return hits;
  }
}
