/*
 * Dropwizard Metrics 4.0.5, metrics#1278: https://github.com/dropwizard/metrics/issues/1278
 * ("ExponentiallyDecayingReservoir empty list check?"; fixed by
 * https://github.com/dropwizard/metrics/pull/1436 for 4.0.6 / 4.1.0)
 *
 * ExponentiallyDecayingReservoir.update increments its sample count first and puts the sample
 * into its ConcurrentSkipListMap afterwards, under a read lock that all updaters share. Once the
 * count passes the reservoir's size, an update takes the map's firstKey() to decide which sample
 * to replace. When the updates that made the count reach the size have incremented it but not yet
 * put their samples (they run between incrementAndGet and put), the map is still empty and
 * firstKey() throws NoSuchElementException out of Histogram/Timer.update. Users saw it "from time
 * to time" in production. Here two recorder threads update reservoirs of size one, a fresh one per
 * round, in a loop that runs for two seconds of System.currentTimeMillis(). Kind: uncaught
 * NoSuchElementException in a recorder.
 */
package dev.weft.realworld.metrics;

import com.codahale.metrics.ExponentiallyDecayingReservoir;

public final class FirstUpdatesRace {
  public static void main(String[] args) throws Exception {
    new ReservoirRounds(() -> new ExponentiallyDecayingReservoir(1, 0.015)).run();
  }
}
