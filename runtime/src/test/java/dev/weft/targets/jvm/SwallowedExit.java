package dev.weft.targets.jvm;

/**
 * A thread calls {@code System.exit(4)} inside a {@code catch (Throwable)}, as code that runs tasks
 * does: on the JVM the process ends there whatever the catch, so the run must end there too.
 */
public final class SwallowedExit {
  private SwallowedExit() {}

  public static void main(String[] args) throws InterruptedException {
    Thread t =
        new Thread(
            () -> {
              try {
                System.exit(4);
              } catch (Throwable swallowed) {
                // a task runner's catch-all
              }
            },
            "task");
    t.start();
    t.join();
  }
}
