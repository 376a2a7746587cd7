package com.acme.hits;

import java.util.concurrent.atomic.AtomicInteger;

/** The same counter on an atomic integer. */
public class AtomicHitCounter {
  private final AtomicInteger hits = new AtomicInteger();

  public void hit() {
    hits.incrementAndGet();
  }

  public int hits() {
    return hits.get();
  }
}
