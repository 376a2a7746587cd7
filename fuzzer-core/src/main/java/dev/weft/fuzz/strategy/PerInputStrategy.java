package dev.weft.fuzz.strategy;

/**
 * A strategy that explores one input at a time, because its search space is made from a run of that
 * input (bounded interference: the choices of non-local reads come from the input's base run, and a
 * choice planned for one input means nothing for another). When a fuzz target's inputs are
 * searched, the input search drives it: it hands over each input it keeps for new edges ({@link
 * #newInput}), gives the exploration's runs that same input, and spends the runs it takes for new
 * inputs elsewhere ({@link #nextRunElsewhere}). Exhausting one input's space then ends that input's
 * exploration, not the campaign: the next kept input brings a new space.
 */
public interface PerInputStrategy {
  /**
   * Inputs vary from now on: an exhausted input waits for the next instead of ending the search.
   */
  void inputsVary();

  /** Whether the current input has runs left to make (its base run or its planned choices). */
  boolean exploringInput();

  /**
   * Explores a new input next (its next run is the input's base run); {@code inputKey} names the
   * input, so that a choice explored for it is not explored again for it.
   */
  void newInput(long inputKey);

  /**
   * The next run gets another input with a schedule of its own: what the exploration has planned
   * waits for the run after.
   */
  void nextRunElsewhere();
}
