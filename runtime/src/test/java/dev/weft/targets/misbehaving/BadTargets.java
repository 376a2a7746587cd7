package dev.weft.targets.misbehaving;

/** Targets that misbehave in the ways a user's code can. */
public class BadTargets {
  static int spins;

  /** Throws before any thread is started. */
  public static void throwsImmediately() {
    throw new IllegalStateException("configuration missing");
  }

  /** Never terminates, but touches shared state: the step budget catches it. */
  public static void spinsOnSharedState() {
    while (spins >= 0) {
      spins = spins + 1 == Integer.MAX_VALUE ? 0 : spins + 1;
    }
  }

  /**
   * A second thread loops without any scheduling point for 1.5 s of processor time (long past the
   * stall timeout the test sets) while main waits for it; it ends by itself so that the test JVM
   * does not keep a spinning thread.
   */
  public static void spinsLocally() throws InterruptedException {
    Thread spinner = new Thread(BadTargets::spinForAWhile, "spinner");
    spinner.start();
    spinner.join();
  }

  private static void spinForAWhile() {
    // processor time, as the stall budget: even on a busy machine the loop outlasts it
    dev.weft.runtime.carrier.CarrierProbe.spinForProcessorTime(1_500);
  }

  /**
   * A thread that loops without any scheduling point until the test lets it go ({@code
   * CarrierProbe.released}, which outlives the run); main returns at once.
   */
  public static void spinsUntilReleased() {
    Thread spinner =
        new Thread(dev.weft.runtime.carrier.CarrierProbe::spinUntilReleased, "spinner");
    spinner.start();
  }

  /**
   * A hand-made lock. Weft models its calls from target code; a call through reflection runs the
   * JDK's own AQS, which parks where Weft cannot see it.
   */
  static final class Mutex extends java.util.concurrent.locks.AbstractQueuedSynchronizer {
    @Override
    protected boolean tryAcquire(int ignored) {
      return compareAndSetState(0, 1);
    }

    @Override
    protected boolean tryRelease(int ignored) {
      setState(0);
      return true;
    }
  }

  /** Blocks inside the JDK's AQS on a lock of the target's own making, reached by reflection. */
  /**
   * A thread that parks where Weft cannot see it (through reflection), and parks again whenever it
   * is woken: it stays blocked after its run was ended, using no processor.
   */
  public static void parksForeverOutsideWeft() throws InterruptedException {
    Thread t =
        new Thread(
            () -> {
              try {
                java.lang.reflect.Method park =
                    java.util.concurrent.locks.LockSupport.class.getMethod("park");
                java.lang.reflect.Method interrupted = Thread.class.getMethod("interrupted");
                while (true) {
                  interrupted.invoke(null);
                  park.invoke(null);
                }
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
              }
            });
    t.setDaemon(true);
    t.start();
    t.join();
  }

  public static void blocksOutsideWeft() throws InterruptedException {
    Mutex mutex = new Mutex();
    mutex.acquire(1);
    Thread t =
        new Thread(
            () -> {
              try {
                Mutex.class.getMethod("acquire", int.class).invoke(mutex, 1);
              } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
              }
            });
    t.start();
    t.join();
  }

  /** An instance target. */
  public void instanceTarget() {
    spins = 1;
  }

  static volatile boolean done;
  static int checks;

  /**
   * Ends under any fair scheduler: a checker loops (writing every pass, so it is no poller) until
   * main, after some work, says it is done. A strategy that always prefers the checker starves main
   * for ever; that is the strategy's doing, not a hang of the program.
   */
  public static void busyCheckerWaitsForMain() throws InterruptedException {
    done = false;
    Thread checker =
        new Thread(
            () -> {
              while (!done) {
                checks++;
              }
            },
            "checker");
    checker.start();
    for (int i = 0; i < 100; i++) {
      spins++;
    }
    done = true;
    checker.join();
  }

  /** Two threads that never stop, whoever runs: a hang under fair scheduling too. */
  public static void twoThreadsLoopForEver() throws InterruptedException {
    Runnable loop =
        () -> {
          while (spins >= 0) {
            spins = spins + 1 == Integer.MAX_VALUE ? 0 : spins + 1;
          }
        };
    Thread other = new Thread(loop, "other");
    other.start();
    loop.run();
    other.join();
  }
}
