package dev.weft.graph.interference;

/**
 * Walks the choices of a space in increasing k, from 0 to the bound: for each k the sets of k
 * candidate reads in run order (combinations, lexicographic), and for each set every assignment of
 * one candidate write per read (an odometer). Lazy: a space of millions of choices costs memory for
 * one choice at a time, and the walk can stop anywhere.
 */
public final class ChoiceEnumerator {
  private final InterferenceSpace space;
  private final int bound;
  private final long input;
  private int k = -1;
  private int[] combination;
  private int[] pick;
  private boolean started;
  private boolean done;

  /**
   * @param input the key of the program input the space's run had ({@link InterferenceChoice#of})
   */
  public ChoiceEnumerator(InterferenceSpace space, int bound, long input) {
    this.space = space;
    this.bound = bound;
    this.input = input;
  }

  /** The k of the choice {@link #next} returned last (-1 before the first). */
  public int k() {
    return k;
  }

  /** The next choice, or null when every choice up to the bound has been given. */
  public InterferenceChoice next() {
    if (!advance()) {
      return null;
    }
    int[] reads = new int[k];
    int[] writes = new int[k];
    for (int i = 0; i < k; i++) {
      reads[i] = space.read(combination[i]);
      writes[i] = space.writes(combination[i])[pick[i]];
    }
    return InterferenceChoice.of(reads, writes, space.identities(), input);
  }

  private boolean advance() {
    if (done) {
      return false;
    }
    if (started && nextPick()) {
      return true;
    }
    if (started && nextCombination()) {
      return true;
    }
    started = true;
    while (++k <= bound) {
      if (k <= space.readCount()) {
        combination = new int[k];
        for (int i = 0; i < k; i++) {
          combination[i] = i;
        }
        pick = new int[k];
        return true;
      }
    }
    k = bound;
    done = true;
    return false;
  }

  private boolean nextPick() {
    for (int i = k - 1; i >= 0; i--) {
      if (++pick[i] < space.writes(combination[i]).length) {
        return true;
      }
      pick[i] = 0;
    }
    return false;
  }

  private boolean nextCombination() {
    int n = space.readCount();
    for (int i = k - 1; i >= 0; i--) {
      if (combination[i] < n - k + i) {
        combination[i]++;
        for (int j = i + 1; j < k; j++) {
          combination[j] = combination[j - 1] + 1;
        }
        return true;
      }
    }
    return false;
  }
}
