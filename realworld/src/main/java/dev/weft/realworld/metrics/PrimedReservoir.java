/*
 * Correct twin of FirstUpdatesRace (Dropwizard Metrics 4.0.5, metrics#1278): the same two
 * recorders, the same deadline loop and fresh reservoirs of size one, but the thread that starts
 * a round records a first sample before the recorders share the reservoir. Every update then puts
 * its sample before it removes one, so the map is never empty when firstKey() is called.
 */
package dev.weft.realworld.metrics;

import com.codahale.metrics.ExponentiallyDecayingReservoir;

public final class PrimedReservoir {
  public static void main(String[] args) throws Exception {
    new ReservoirRounds(
            () -> {
              ExponentiallyDecayingReservoir r = new ExponentiallyDecayingReservoir(1, 0.015);
              r.update(0);
              return r;
            })
        .run();
  }
}
