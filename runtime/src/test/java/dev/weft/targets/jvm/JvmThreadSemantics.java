package dev.weft.targets.jvm;

import java.lang.ref.Cleaner;

/**
 * Programs whose outcome depends on the JVM's own thread rules: daemons do not keep a program
 * alive, every thread's context class loader is the program's, the JDK's cleaner thread may run the
 * program's code, and threads made without a name are numbered from {@code Thread-0}.
 */
public final class JvmThreadSemantics {
  private JvmThreadSemantics() {}

  /** Set by {@link #cleanerRunsTargetCode}'s cleaning action, read by the test. */
  public static final String CLEANED_PROPERTY = "weft.test.cleaner.ran";

  static int touched;

  static volatile boolean cleaned;

  /** A daemon dispatcher waits for work for ever; main returns. On the JVM the program ends. */
  public static void daemonIdleAtExit() {
    Object lock = new Object();
    Thread dispatcher =
        new Thread(
            () -> {
              synchronized (lock) {
                while (true) {
                  try {
                    lock.wait();
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              }
            },
            "dispatcher");
    dispatcher.setDaemon(true);
    dispatcher.start();
    touched++;
  }

  /** A non-daemon thread that waits for ever is still a deadlock. */
  public static void nonDaemonIdleAtExit() {
    Object lock = new Object();
    Thread worker =
        new Thread(
            () -> {
              synchronized (lock) {
                try {
                  lock.wait();
                } catch (InterruptedException e) {
                  // ends the thread
                }
              }
            },
            "worker");
    worker.start();
    touched++;
  }

  /** Code that loads classes through the context loader finds the program's own classes. */
  public static void contextLoaderIsTheProgramsLoader() throws InterruptedException {
    ClassLoader mine = JvmThreadSemantics.class.getClassLoader();
    check(Thread.currentThread().getContextClassLoader() == mine, "main's context loader");
    Thread child =
        new Thread(
            () -> check(Thread.currentThread().getContextClassLoader() == mine, "child's context"));
    child.start();
    child.join();
    try {
      Class<?> viaContext =
          Class.forName(
              JvmThreadSemantics.class.getName(),
              false,
              Thread.currentThread().getContextClassLoader());
      check(viaContext == JvmThreadSemantics.class, "the same class through the context loader");
    } catch (ClassNotFoundException e) {
      throw new AssertionError("the context loader cannot see the program's classes", e);
    }
  }

  /**
   * The JDK's cleaner thread runs a cleaning action of the program (a static write: instrumented
   * code) while the program runs.
   */
  public static void cleanerRunsTargetCode() {
    Cleaner cleaner = Cleaner.create();
    Object resource = new Object();
    cleaner.register(
        resource,
        () -> {
          touched++;
          cleaned = true;
          System.setProperty(CLEANED_PROPERTY, "true");
        });
    resource = null;
    for (int i = 0; i < 200 && !cleaned; i++) { // the read of cleaned is a scheduling point
      System.gc();
    }
  }

  /**
   * Every way of making a thread without a name, in a fresh JVM: {@code Thread-0}, {@code
   * Thread-1}, ... in creation order; a named thread keeps its name and takes no number.
   */
  public static void unnamedThreadsAreNumberedFromZero() throws InterruptedException {
    Runnable idle = () -> {};
    Thread plain = new Thread(idle);
    Thread named = new Thread(idle, "named");
    Thread bare = new Thread();
    Thread grouped = new Thread(Thread.currentThread().getThreadGroup(), idle);
    Thread subclass = new Thread() {};
    java.util.function.Function<Runnable, Thread> factory = Thread::new;
    Thread referenced = factory.apply(idle);
    Thread[] threads = {plain, named, bare, grouped, subclass, referenced};
    String[] expected = {"Thread-0", "named", "Thread-1", "Thread-2", "Thread-3", "Thread-4"};
    for (int i = 0; i < threads.length; i++) {
      check(
          threads[i].getName().equals(expected[i]),
          "thread " + i + " is " + threads[i].getName() + ", expected " + expected[i]);
    }
    plain.start();
    plain.join();
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }

  /**
   * A worker dies of an exception before it counts down; main waits for it for ever. On the JVM the
   * exception ends only the worker, and the program hangs: two bugs in one run.
   */
  public static void workerDiesThenMainWaits() throws InterruptedException {
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
    Thread worker =
        new Thread(
            () -> {
              touched++;
              if (touched > 0) {
                throw new IllegalStateException("worker failed before counting down");
              }
              done.countDown();
            },
            "worker");
    worker.start();
    done.await();
  }

  /** A worker dies, but its handler records the exception: the program itself deals with it. */
  public static void workerDiesIntoItsHandler() throws InterruptedException {
    java.util.List<Throwable> seen = new java.util.ArrayList<>();
    Thread worker =
        new Thread(
            () -> {
              throw new IllegalStateException("handled by the program");
            },
            "worker");
    worker.setUncaughtExceptionHandler((t, e) -> seen.add(e));
    worker.start();
    worker.join();
    if (seen.size() != 1) {
      throw new AssertionError("the handler did not see the exception: " + seen);
    }
  }

  /**
   * main dies of an exception while a non-daemon worker still has work to do, which it finishes.
   */
  public static void mainDiesWorkerGoesOn() {
    Thread worker =
        new Thread(
            () -> {
              touched++;
              touched++;
              if (touched % 2 == 0) {
                throw new AssertionError("the worker ran to its end after main died");
              }
            },
            "worker");
    touched = 0;
    worker.start();
    throw new IllegalStateException("main failed");
  }
}
