package dev.weft.runtime.oracle;

import dev.weft.trace.EventKind;
import java.util.List;

/**
 * What an oracle found in one run. The signature identifies the bug rather than the run: equal
 * signatures are one finding, whatever interleaving produced them.
 *
 * @param blocked a deadlock's threads, each with the step it waits to take (a step that never ran,
 *     so the run's trace does not hold it); empty for other failures
 */
public record Failure(
    FindingKind kind,
    String threadName,
    String message,
    String details,
    String signature,
    List<BlockedStep> blocked) {

  public Failure(
      FindingKind kind, String threadName, String message, String details, String signature) {
    this(kind, threadName, message, details, signature, List.of());
  }

  /**
   * The step a thread of a deadlock waits to take: its kind and site, the thread by Weft's name.
   */
  public record BlockedStep(String thread, EventKind kind, int site) {}

  /**
   * Whether the failing thread is the one Weft calls {@code stable} ({@code main.2}): the failure
   * names it by the program's name with that id ({@code worker (main.2)}), by the id alone, or as
   * findings of earlier versions did ({@code main.2 ("worker")}).
   */
  public boolean namesThread(String stable) {
    return threadName != null
        && (threadName.equals(stable)
            || threadName.endsWith(" (" + stable + ")")
            || threadName.startsWith(stable + " (\""));
  }
}
