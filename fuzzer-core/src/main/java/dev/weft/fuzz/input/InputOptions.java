package dev.weft.fuzz.input;

/**
 * How a campaign on a fuzz target treats its input.
 *
 * @param initial the first input (empty unless given with {@code --input})
 * @param mode whether inputs are searched together with schedules, only inputs are, or the input
 *     stays fixed
 * @param maxLength the longest input a mutation makes
 */
public record InputOptions(byte[] initial, Mode mode, int maxLength) {
  public static final int DEFAULT_MAX_LENGTH = 4096;

  /** Inputs searched together with schedules, from the empty input. */
  public static final InputOptions DEFAULT =
      new InputOptions(new byte[0], Mode.SEARCH, DEFAULT_MAX_LENGTH);

  /** What the search spends runs on. */
  public enum Mode {
    /** New inputs and new schedules, as the bandit finds them paying ({@link InputSearch}). */
    SEARCH,
    /** A new input every run, each with a schedule of its own: inputs searched, schedules not. */
    INPUTS_ONLY,
    /** The initial input every run: schedules searched, the input not. */
    FIXED
  }

  public InputOptions {
    initial = initial.clone();
  }

  @Override
  public byte[] initial() {
    return initial.clone();
  }
}
