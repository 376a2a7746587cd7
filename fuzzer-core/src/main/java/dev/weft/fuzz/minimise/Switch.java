package dev.weft.fuzz.minimise;

/**
 * One context switch of a run, anchored where it happened in the program rather than in the run:
 * "when thread {@code from} is about to execute its event number {@code fromIndex}, run {@code to}
 * instead". A thread's own events are numbered by its program order, which other threads'
 * scheduling does not move, so an anchor still means the same place after other switches of the
 * schedule are removed; a global step number would not.
 *
 * @param from stable name of the thread that ran before the switch
 * @param fromIndex the index in its thread of the event {@code from} was about to execute
 * @param to stable name of the thread that ran next
 * @param preemptive whether {@code from} could have gone on (it was enabled and not yielding or
 *     sleeping): only such switches are preemptions
 */
public record Switch(String from, int fromIndex, String to, boolean preemptive) {

  /** Where the switch happens, without where it goes. */
  public record Anchor(String thread, int index) {}

  public Anchor anchor() {
    return new Anchor(from, fromIndex);
  }
}
