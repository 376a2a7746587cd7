package dev.weft.fuzz.minimise;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.api.Strategy;

/**
 * Executes the target once under a strategy. The minimiser only needs this, so that {@code weft
 * tmin} and a campaign can each run candidates on their own executor, with the target's output
 * routed their own way.
 */
@FunctionalInterface
public interface CandidateRunner {
  RunResult run(Strategy strategy);
}
