package dev.weft.examples.families;

/**
 * A work-stealing deque with an owner and a thief, written with plain fields and no
 * compare-and-set: the owner pushes N tasks at the bottom and then takes them back from the bottom;
 * the thief takes from the top. Each side checks {@code top} again before it claims a task, which
 * is enough while more than one task is left, but not for the last one: both can read the same
 * {@code top}, both see it unchanged, and both claim the task.
 *
 * <p>Failing interleaving: owner and thief both between their check of {@code top} and their write
 * of it, on the same last task; the task is run twice.
 *
 * <p>Argument: the number of tasks (default 3).
 */
public final class StealingDeque {
  static int[] tasks;
  static int top;
  static int bottom;
  static final Object LEDGER = new Object();
  static boolean[] ran;

  private StealingDeque() {}

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    tasks = new int[n];
    ran = new boolean[n + 1];
    Thread owner = new Thread(() -> own(n), "owner");
    Thread thief = new Thread(() -> steal(n), "thief");
    owner.start();
    thief.start();
    owner.join();
    thief.join();
  }

  private static void own(int n) {
    for (int i = 0; i < n; i++) {
      tasks[bottom] = i + 1;
      bottom = bottom + 1;
    }
    while (true) {
      int b = bottom - 1;
      bottom = b;
      int t = top;
      if (t > b) {
        bottom = t;
        return;
      }
      int task = tasks[b];
      if (t == b) {
        if (top != t) {
          bottom = t + 1;
          return;
        }
        top = t + 1;
        bottom = t + 1;
      }
      run(task);
    }
  }

  private static void steal(int n) {
    for (int attempt = 0; attempt < 2 * n; attempt++) {
      int t = top;
      int b = bottom;
      if (t >= b) {
        continue;
      }
      int task = tasks[t];
      if (top != t) {
        continue;
      }
      top = t + 1;
      run(task);
    }
  }

  private static void run(int task) {
    synchronized (LEDGER) {
      if (ran[task]) {
        throw new IllegalStateException("task " + task + " ran twice");
      }
      ran[task] = true;
    }
  }
}
