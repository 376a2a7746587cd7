package dev.weft.targets.cli;

/**
 * Prints in its static initialiser and in every run, to both streams; with the argument {@code
 * race}, its reader also prints the two values it read, and fails when they differ (a write came
 * between the reads), so only the failing execution prints "saw 0 then 1".
 */
public final class Chatty {
  static int x;

  static {
    System.out.println("Chatty: class initialised");
  }

  private Chatty() {}

  public static void main(String[] args) throws InterruptedException {
    System.out.println("Chatty: run begins");
    System.err.println("Chatty: to stderr");
    if (args.length == 0 || !args[0].equals("race")) {
      return;
    }
    Thread reader =
        new Thread(
            () -> {
              int first = x;
              int second = x;
              System.out.println("Chatty: saw " + first + " then " + second);
              if (first != second) {
                throw new AssertionError("x changed between two reads");
              }
            });
    Thread writer = new Thread(() -> x = 1);
    reader.start();
    writer.start();
    reader.join();
    writer.join();
  }
}
