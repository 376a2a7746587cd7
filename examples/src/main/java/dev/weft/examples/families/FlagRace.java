package dev.weft.examples.families;

/**
 * A writer publishes a flag before its payload, with steps of work between the two that no other
 * thread sees; a reader checks the flag, then the payload. The bug does not depend on the work:
 * four accesses to shared variables decide it, whatever happens between them.
 *
 * <p>Failing interleaving: the writer sets {@code ready}, the reader reads {@code ready == true}
 * and then {@code payload} before the writer's {@code payload = 42}.
 *
 * <p>Argument: the steps of work between the flag and the payload (default 3). Each step reads and
 * writes {@code tally}, a static only the writer touches: two scheduling points a step.
 */
public final class FlagRace {
  static boolean ready;
  static int payload;
  static long tally;

  private FlagRace() {}

  public static void main(String[] args) throws InterruptedException {
    int steps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Thread writer =
        new Thread(
            () -> {
              ready = true;
              for (int i = 0; i < steps; i++) {
                tally += i;
              }
              payload = 42;
            },
            "writer");
    Thread reader =
        new Thread(
            () -> {
              if (ready && payload != 42) {
                throw new IllegalStateException("flag set but payload " + payload);
              }
            },
            "reader");
    writer.start();
    reader.start();
    writer.join();
    reader.join();
  }
}
