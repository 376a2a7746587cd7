package dev.weft.runtime.oracle;

/**
 * What an oracle found in one run. The signature identifies the bug rather than the run: equal
 * signatures are one finding, whatever interleaving produced them.
 */
public record Failure(
    FindingKind kind, String threadName, String message, String details, String signature) {

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
