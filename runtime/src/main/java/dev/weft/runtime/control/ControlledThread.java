package dev.weft.runtime.control;

import dev.weft.runtime.carrier.Carrier;
import dev.weft.runtime.carrier.LogicalThread;
import dev.weft.runtime.fairness.SpinFairness;
import dev.weft.runtime.jdk.ThreadInJdk;
import dev.weft.runtime.time.ClockPolls;
import dev.weft.trace.EventKind;

/**
 * Weft's model of one target thread in one run: its lifecycle {@link ThreadState}, the operation it
 * has announced and is about to perform (its pending event), the {@link Wait} that says whether it
 * can perform it, and the platform thread (the carrier) that executes its code. The target's own
 * {@link Thread} object is never started; the carrier runs its {@code run()} so that Weft controls
 * the thread's first and last step. State that belongs to one primitive (a permit, a notification)
 * lives in that primitive's model, not here.
 */
public final class ControlledThread implements LogicalThread {
  final Scheduler scheduler;
  final int index;
  final String stableName;

  /** A daemon thread does not keep the run alive: the run ends with its last non-daemon thread. */
  final boolean daemon;

  Thread logical;
  Thread carrier;

  /** The carrier's work for this thread, for the controller to wait on after the run. */
  Carrier.Assignment assignment;

  int children;

  ThreadState state = ThreadState.NEW;
  Wait wait = Wait.NONE;

  /** {@link #flags}: the thread waits for something besides the turn ({@link #wait} not NONE). */
  static final int WAITS = 1;

  /** {@link #flags}: the pending operation has a timeout ({@link #pendingTimeout} positive). */
  public static final int TIMED = 2;

  /** {@link #flags}: the thread is polling ({@link SpinFairness}). */
  public static final int POLLING = 4;

  /** {@link #flags}: the thread keeps the run going ({@link #keepsRunAlive}, while unfinished). */
  static final int KEEPS_ALIVE = 8;

  /**
   * What a decision asks of every unfinished thread, as bits ({@link #WAITS}, {@link #TIMED},
   * {@link #POLLING}, {@link #KEEPS_ALIVE}), kept in step with the fields they summarise and copied
   * into {@link UnfinishedThreads}, where a decision reads them without touching this object.
   */
  int flags;

  /** This thread's place among the {@link UnfinishedThreads}, or -1 (not yet added, finished). */
  int unfinishedSlot = -1;

  EventKind pendingKind;
  long pendingLocation;
  int pendingSite;
  Object pendingObject;
  long pendingTimeout;

  /** The scheduler's step count when an operation of this thread last timed out; -1 before. */
  long timedOutAtStep = -1;

  /** Virtual time at which the pending point was announced; timeouts count from here. */
  long pendingSince;

  private boolean interrupted;

  /**
   * How many more times the thread may wake spuriously in this run: every correct program survives
   * such a wake-up, so a few per thread find the programs that do not, and a waiter looping
   * correctly around its wait loses little time to them.
   */
  int spuriousWakeupsLeft = SPURIOUS_WAKEUPS_PER_THREAD;

  static final int SPURIOUS_WAKEUPS_PER_THREAD = 2;

  /** The strategy chose to wake the thread spuriously; its wait's model has not yet seen it. */
  private boolean wokenSpuriously;

  /** Global index of the event that started this thread, or -1 (the main thread). */
  int startEvent = -1;

  /** Global index of this thread's last event, once it has finished. */
  int endEvent = -1;

  /** Static initialisers and JDK calls run atomically: no switch while this is positive. */
  private int atomicDepth;

  private volatile int classInitDepth;

  /** Depth of {@link OwnWork} sections this thread is in; read by the run's watchdog. */
  private volatile int ownWorkDepth;

  /**
   * {@link OwnWork} sections this thread has left, for the watchdog to see one that came and went.
   */
  private volatile long ownWorkEnded;

  /** When the outermost {@link OwnWork} section under way began ({@code System.nanoTime}). */
  private volatile long ownWorkSince;

  /** The class whose initialisation this thread waits for under control, or null. */
  private Class<?> awaitedClass;

  /** The class whose initialisation this thread waits for under control, or null. */
  public Class<?> awaitedClass() {
    return awaitedClass;
  }

  /** Sets (or, with null, clears) the class whose initialisation this thread waits for. */
  public void awaitClass(Class<?> type) {
    awaitedClass = type;
  }

  /** A pool worker waiting for work; a run whose only live threads are idle workers is over. */
  private boolean idle;

  /** What the thread has polled since it last did anything but read; see {@link SpinFairness}. */
  final SpinFairness.Window spin;

  volatile boolean parked;

  /** What the thread is doing inside JDK code: its monitors, waits and lock-free collections. */
  private final ThreadInJdk inJdk = new ThreadInJdk();

  public ThreadInJdk inJdk() {
    return inJdk;
  }

  /**
   * Whether the carrier is parked in Weft's own hand-over: in the turn handoff, or still in its
   * idle loop before picking this thread up. When it holds the turn, it was given it and waits for
   * the operating system to run it (a busy machine), which is no stall of the program.
   */
  public boolean parkedForItsTurn() {
    return parked || Carrier.awaitsItsAssignment(carrier);
  }

  /** This thread's reads of the virtual clock, to see a polling loop. */
  final ClockPolls clockPolls = new ClockPolls();

  ControlledThread(
      Scheduler scheduler, int index, String stableName, Thread logical, boolean daemon) {
    this.scheduler = scheduler;
    this.spin = new SpinFairness.Window(this, scheduler.pollers);
    this.index = index;
    this.stableName = stableName;
    this.logical = logical;
    this.daemon = daemon;
    this.flags = daemon ? 0 : KEEPS_ALIVE;
  }

  /** The controlled thread running on the calling carrier, or null for any other thread. */
  public static ControlledThread current() {
    return (ControlledThread) Carrier.boundToCurrent();
  }

  void bindToCurrentCarrier() {
    Carrier.bindCurrent(this);
  }

  void unbindCarrier() {
    Carrier.bindCurrent(null);
  }

  void announce(EventKind kind, long location, int site, Object object, long timeout) {
    pendingKind = kind;
    pendingLocation = location;
    pendingSite = site;
    pendingObject = object;
    pendingTimeout = timeout;
    setFlag(TIMED, timeout > 0);
  }

  void await(Wait w) {
    wait = w;
    state = w == Wait.NONE ? ThreadState.RUNNABLE : ThreadState.WAITING;
    setFlag(WAITS, w != Wait.NONE);
  }

  /** The thread starts or stops polling ({@link SpinFairness}). */
  public void setPolling(boolean on) {
    setFlag(POLLING, on);
  }

  /** Sets or clears {@code bit} of {@link #flags}, and the copy the unfinished threads keep. */
  void setFlag(int bit, boolean on) {
    int f = on ? flags | bit : flags & ~bit;
    if (f != flags) {
      flags = f;
      scheduler.unfinished.flagsChanged(this);
    }
  }

  public Readiness readiness() {
    if (state == ThreadState.FINISHED) {
      return Readiness.BLOCKED;
    }
    Wait w = wait;
    return w == Wait.NONE ? Readiness.READY : w.readiness(this); // the common case, no dispatch
  }

  /**
   * A waiting thread that nothing has let go on: it may only time out, if it has a deadline, and
   * only once no thread is ready or the clock has passed the deadline (someone slept past it).
   */
  public Readiness timedReadiness() {
    if (pendingTimeout <= 0) {
      return Readiness.BLOCKED;
    }
    return scheduler.clock().elapsed() - pendingSince >= pendingTimeout
        ? Readiness.READY
        : Readiness.ONLY_TO_TIME_OUT;
  }

  public Scheduler scheduler() {
    return scheduler;
  }

  public int index() {
    return index;
  }

  public String stableName() {
    return stableName;
  }

  /** The target's {@link Thread} object for this thread. */
  public Thread logical() {
    return logical;
  }

  public ThreadState state() {
    return state;
  }

  public boolean isFinished() {
    return state == ThreadState.FINISHED;
  }

  public EventKind pendingKind() {
    return pendingKind;
  }

  public int pendingSite() {
    return pendingSite;
  }

  public long pendingLocation() {
    return pendingLocation;
  }

  public long pendingTimeout() {
    return pendingTimeout;
  }

  /** Virtual time at which the pending point was announced. */
  public long pendingSince() {
    return pendingSince;
  }

  /** Whether the thread is polling ({@link SpinFairness}). */
  public boolean polling() {
    return (flags & POLLING) != 0;
  }

  public Object pendingObject() {
    return pendingObject;
  }

  public Wait currentWait() {
    return wait;
  }

  public boolean isInterrupted() {
    return interrupted;
  }

  public void setInterrupted(boolean value) {
    interrupted = value;
  }

  /**
   * Whether the thread, just handed the turn while it waited, was woken spuriously rather than by
   * what it waits for; clears the mark. The model of the wait returns as the JVM would then.
   */
  public boolean consumeSpuriousWakeup() {
    boolean was = wokenSpuriously;
    wokenSpuriously = false;
    return was;
  }

  /** Whether the strategy chose to wake the thread spuriously and its wait has not yet seen it. */
  boolean wokenSpuriously() {
    return wokenSpuriously;
  }

  void wakeSpuriously() {
    wokenSpuriously = true;
    spuriousWakeupsLeft--;
  }

  /** Whether the thread may be offered to the strategy to wake spuriously now. */
  public boolean mayWakeSpuriously() {
    return spuriousWakeupsLeft > 0 && wait != Wait.NONE && wait.mayWakeSpuriously(this);
  }

  /** Clears the interrupt status and returns whether it was set, as {@code Thread.interrupted}. */
  public boolean consumeInterrupt() {
    boolean was = interrupted;
    interrupted = false;
    return was;
  }

  public boolean inAtomicSection() {
    return atomicDepth > 0;
  }

  public void enterAtomic() {
    atomicDepth++;
  }

  /** Leaves the thread's atomic sections for one scheduling point; returns their depth. */
  public int suspendAtomic() {
    int depth = atomicDepth;
    atomicDepth = 0;
    return depth;
  }

  /** Enters again the atomic sections {@link #suspendAtomic} left. */
  public void resumeAtomic(int depth) {
    atomicDepth = depth;
  }

  /** The thread died inside atomic sections (an exception left a static initialiser). */
  void leaveAtomicSections() {
    atomicDepth = 0;
    classInitDepth = 0;
  }

  /** Whether the thread is running a static initialiser. */
  public boolean initialisingClass() {
    return classInitDepth > 0;
  }

  /** A static initialiser begins (it also makes an atomic section). */
  public void enterClassInit() {
    classInitDepth++;
  }

  public void exitClassInit() {
    if (classInitDepth > 0) {
      classInitDepth--;
    }
  }

  public void exitAtomic() {
    if (atomicDepth > 0) {
      atomicDepth--;
    }
  }

  /** The platform or virtual thread that runs this thread's code. */
  public Thread carrier() {
    return carrier;
  }

  /** Whether the thread's carrier was given its work and has not finished it. */
  public boolean carrierBusy() {
    return assignment != null && !assignment.finished();
  }

  /**
   * Waits until the thread's carrier has finished its work, or the deadline passed; returns whether
   * it has (or was never given any).
   */
  public boolean awaitCarrier(long deadlineNanos) throws InterruptedException {
    return assignment == null || assignment.awaitDone(deadlineNanos);
  }

  /** Whether the thread is inside Weft's own work now ({@link OwnWork}). */
  public boolean inOwnWork() {
    return ownWorkDepth > 0;
  }

  /** How many sections of Weft's own work the thread has left so far. */
  public long ownWorkEnded() {
    return ownWorkEnded;
  }

  /** Nanoseconds the outermost section of own work under way has lasted, or 0 outside one. */
  long ownWorkOpenNanos(long now) {
    return ownWorkDepth > 0 ? Math.max(0, now - ownWorkSince) : 0;
  }

  void beginOwnWork() {
    if (ownWorkDepth == 0) {
      ownWorkSince = System.nanoTime();
    }
    ownWorkDepth++; // only this thread writes it
  }

  /** Ends a section; returns its nanoseconds if it was the outermost one, else 0. */
  long endOwnWork() {
    if (ownWorkDepth <= 0) {
      return 0;
    }
    ownWorkDepth--;
    ownWorkEnded++;
    return ownWorkDepth == 0 ? Math.max(0, System.nanoTime() - ownWorkSince) : 0;
  }

  /** Whether the thread is a daemon, which does not keep the run alive. */
  public boolean isDaemon() {
    return daemon;
  }

  public boolean isIdle() {
    return idle;
  }

  /**
   * Whether this thread keeps the run going, as a live non-daemon thread keeps a JVM going. A pool
   * worker waiting for work does not: a pool that was never shut down is no reason to wait.
   */
  public boolean keepsRunAlive() {
    return state != ThreadState.FINISHED && !idle && !daemon;
  }

  public void setIdle(boolean value) {
    idle = value;
    setFlag(KEEPS_ALIVE, !value && !daemon);
  }

  /**
   * The thread as messages name it: the program's name for it first, as the interleaving's columns
   * do, then Weft's id, which tells two threads of one name apart ({@code alice (main.1)}); the
   * main thread is {@code main}, whichever carrier runs it.
   */
  @Override
  public String toString() {
    String name = logical == null || logical == carrier ? null : logical.getName();
    return name == null || name.equals(stableName) ? stableName : name + " (" + stableName + ")";
  }
}
