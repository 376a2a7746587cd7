package dev.weft.runtime.carrier;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A platform thread that executes the code of controlled threads, one logical thread at a time, and
 * then waits in the {@link CarrierPool} for the next: creating a platform thread costs tens of
 * microseconds, which a program with a hundred threads paid a hundred times per run. For each
 * logical thread it wears what code running on it can observe through the JDK rather than through
 * Weft's hooks: the name, the context class loader, the {@code ThreadLocal} values (none, and the
 * inheritable ones its {@link Thread} object was constructed with), a clear interrupt flag, the
 * normal priority and no uncaught-exception handler. A carrier whose logical thread never came back
 * (stuck in a loop without scheduling points) is abandoned and, should it ever return, ends.
 */
public final class Carrier extends Thread {
  private static final AtomicInteger NUMBERS = new AtomicInteger();

  /** The logical thread this carrier executes now, or null; read and written by itself only. */
  LogicalThread bound;

  private volatile Assignment next;

  /** The kernel's id of this thread if it was pinned to the carriers' processor, else 0. */
  volatile int kernelId;

  /**
   * Whether this carrier is parked waiting to pick up its next logical thread: one that was handed
   * a thread but has not yet been run by the operating system (a busy machine) is still here.
   */
  private volatile boolean awaitingAssignment;

  Carrier() {
    super("weft-carrier-" + NUMBERS.incrementAndGet());
    setDaemon(true);
  }

  /** The logical thread running on the calling thread, or null for any other thread. */
  public static LogicalThread boundToCurrent() {
    Thread t = Thread.currentThread();
    if (t instanceof Carrier c) {
      return c.bound;
    }
    return VirtualCarriers.everUsed() ? VirtualCarriers.BOUND.get() : null;
  }

  /** Binds the calling carrier, platform or virtual, to {@code t} (null: unbinds it). */
  public static void bindCurrent(LogicalThread t) {
    Thread current = Thread.currentThread();
    if (current instanceof Carrier c) {
      c.bound = t;
    } else if (t != null) {
      VirtualCarriers.BOUND.set(t);
    } else {
      VirtualCarriers.BOUND.remove();
    }
  }

  /**
   * Whether {@code t} is a carrier parked in its own idle loop, waiting to pick up the logical
   * thread it was handed (or the next one): Weft's wait, never the program's. A logical thread
   * whose carrier is still here has not begun to run; it blocks nothing outside Weft's control.
   */
  public static boolean awaitsItsAssignment(Thread t) {
    return t instanceof Carrier c && c.awaitingAssignment;
  }

  /** Hands this idle carrier its next logical thread. */
  void assign(Assignment work) {
    work.carrier = this;
    next = work;
    LockSupport.unpark(this);
  }

  @Override
  public void run() {
    kernelId = CarrierCpu.pinCurrent();
    ProcessorWait.registerCurrent();
    while (true) {
      Assignment a;
      awaitingAssignment = true;
      while ((a = next) == null) {
        LockSupport.park(this);
      }
      awaitingAssignment = false;
      a.perform(this);
      next = null;
      bound = null;
      a.takeOff(this);
      boolean serveAgain = !a.abandoned && CarrierPool.release(this);
      a.done.signal();
      if (!serveAgain) {
        return;
      }
    }
  }

  /** One logical thread's turn on a carrier: its code, and what it sees of the carrier. */
  public static final class Assignment {
    final String name;
    final ClassLoader contextLoader;
    final Object inherited;
    final Runnable work;
    final OneShot done = new OneShot();
    volatile boolean abandoned;

    /** The thread that runs it, once started. */
    volatile Thread carrier;

    /**
     * @param logical the target's {@code Thread} object, whose inheritable values the thread gets,
     *     or null for a run's main thread, which starts without any
     */
    public Assignment(String name, ClassLoader contextLoader, Thread logical, Runnable work) {
      this.name = name;
      this.contextLoader = contextLoader;
      this.inherited =
          logical != null && ThreadLocalMaps.available()
              ? ThreadLocalMaps.inheritableOf(logical)
              : null;
      this.work = work;
    }

    /**
     * Runs the work on {@code carrier}, the calling thread, dressed as this assignment's logical
     * thread. The work reports its own failures; a carrier outlives whatever its thread did.
     */
    void perform(Thread carrier) {
      try {
        wear(carrier);
        work.run();
      } catch (Throwable ignored) {
        // reported by the work itself
      }
    }

    private void wear(Thread carrier) {
      String full = "weft-" + name;
      if (!full.equals(carrier.getName())) {
        carrier.setName(full);
      }
      carrier.setContextClassLoader(contextLoader);
      if (ThreadLocalMaps.available()) {
        ThreadLocalMaps.replace(carrier, inherited);
      }
      Thread.interrupted();
    }

    /** Leaves {@code carrier}, the calling thread, as no logical thread found it. */
    void takeOff(Thread carrier) {
      if (ThreadLocalMaps.available()) {
        ThreadLocalMaps.replace(carrier, null);
      }
      carrier.setContextClassLoader(null);
      carrier.setUncaughtExceptionHandler(null);
      if (carrier.getPriority() != NORM_PRIORITY) {
        carrier.setPriority(NORM_PRIORITY);
      }
      Thread.interrupted();
    }

    /** Whether the carrier has finished this work. */
    public boolean finished() {
      return done.happened();
    }

    /**
     * Waits until the carrier has finished this work, or the deadline passed; then it is abandoned:
     * its carrier will never serve again.
     */
    public boolean awaitDone(long deadlineNanos) throws InterruptedException {
      if (done.await(deadlineNanos)) {
        return true;
      }
      abandoned = true;
      if (carrier instanceof Carrier c) {
        CarrierCpu.letGo(c.kernelId);
      } else if (carrier != null && VirtualCarriers.isVirtual(carrier)) {
        VirtualCarriers.stuck(name, carrier);
      }
      return done.happened();
    }
  }
}
