package dev.weft.fuzz.strategy;

import dev.weft.graph.ChunkRunner;
import dev.weft.graph.InterleavingGraph;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.carrier.CarrierPool;
import dev.weft.runtime.carrier.Processors;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Analyses a finished run on a thread of its own while the next run executes. A controlled run is
 * serialized, so it keeps one processor busy at a time; on a small program the analysis of its
 * trace (graph, segments, reads-from) costs as much as the run itself, and with a second processor
 * it need cost no time at all.
 *
 * <p>The segment strategy takes a run's analysis when the next run ends, whichever thread made it,
 * so its decisions are the same on one processor, where the analysis is made inline when it is
 * taken, as on many; an analysis the helper has not begun by then is made by the taker too. At most
 * two analyses are started and not taken (the second queued behind the first, where the strategy
 * may start it before it learns from the first): their runs' traces and graphs are the extra memory
 * this costs.
 */
final class AnalysisWorker {
  /**
   * How long a taker on a platform thread keeps looking (yielding the processor) before it parks:
   * waking a parked thread costs tens of microseconds, and the taker has nothing else to do. A
   * taker on a virtual thread parks at once and is woken by each loop it can help with.
   */
  private static final long SPIN_NANOS = 500_000;

  /**
   * Whether analyses run on the helper thread: with two processors or more (the process's: asked on
   * a carrier, the JDK counts the one it is pinned to), unless {@code -Dweft.analysis=inline}.
   */
  static final boolean BACKGROUND =
      Processors.usable() > 1 && !"inline".equals(System.getProperty("weft.analysis"));

  /**
   * One helper thread for every strategy of the process (a process runs one campaign; tests and
   * benchmarks make many strategies, one after another).
   */
  private static final SpinningHelper HELPER = new SpinningHelper("weft-segment-analysis");

  private final WindowedAnalysis analysis;
  private final SpinningHelper thread;

  /** The chunks of the analysis under way on the helper, for the taker to share while it waits. */
  private final HelpedChunks chunks = new HelpedChunks();

  /** The analysis started and not taken: handed to the helper, or run when it is taken. */
  private FutureTask<WindowedAnalysis.Result> underWay;

  /**
   * A second analysis started before the one under way was taken ({@link #start}), or null: the
   * helper begins it as soon as it is done with the first.
   */
  private FutureTask<WindowedAnalysis.Result> queued;

  /**
   * @param background whether analyses go to the helper thread; if not, all are inline
   */
  AnalysisWorker(WindowedAnalysis analysis, boolean background) {
    this(analysis, background ? HELPER : null);
  }

  /**
   * @param thread the helper analyses go to, or null for all inline
   */
  AnalysisWorker(WindowedAnalysis analysis, SpinningHelper thread) {
    this.analysis = analysis;
    this.thread = thread;
  }

  /**
   * Starts analysing {@code run}: at once, or after the analysis under way if there is one (taken
   * first; at most two are started and not taken).
   *
   * @param plannedOn the graph its schedule was planned on, or null for a fresh run
   */
  void start(RunResult run, InterleavingGraph plannedOn) {
    if (queued != null) {
      throw new IllegalStateException("two analyses were started and not taken");
    }
    Thread taker = Thread.currentThread();
    AtomicReference<Future<?>> self = new AtomicReference<>();
    FutureTask<WindowedAnalysis.Result> task =
        new FutureTask<>(
            () -> {
              if (Thread.currentThread() != taker) {
                return analysis.analyse(run, plannedOn, chunks);
              }
              if (thread == null) {
                return analysis.analyse(run, plannedOn, ChunkRunner.CALLER);
              }
              // the helper was elsewhere when the run ended (it finds this task begun): it shares
              // the loops once it is back, rather than idle while this thread makes all of them
              thread.execute(() -> helpUntilDone(self.get()));
              return analysis.analyse(run, plannedOn, chunks);
            }) {
          @Override
          protected void done() {
            chunks.wake(); // a taker parked for the next loop learns that none comes
          }
        };
    self.set(task);
    if (underWay == null) {
      underWay = task;
    } else {
      queued = task;
    }
    if (thread != null) {
      thread.execute(task);
    }
  }

  /** Whether analyses run on the helper thread (else each is made when it is taken). */
  boolean background() {
    return thread != null;
  }

  /**
   * Drops the second analysis started ({@link #start}), if there is one: it was started before the
   * one under way was learnt from, and that learning changed what it should be. Returns once the
   * helper is done with it.
   */
  void dropQueued() {
    FutureTask<WindowedAnalysis.Result> f = queued;
    queued = null;
    if (f == null || f.cancel(false)) {
      return; // none, or the helper had not begun it: it will find it cancelled
    }
    try {
      result(f);
    } catch (RuntimeException | Error e) {
      // its failure is not wanted, as its result is not: the run is analysed again
    }
  }

  /** On the helper: runs chunks of {@code analysis}, made by its taker, until it is done. */
  private void helpUntilDone(Future<?> analysis) {
    while (!analysis.isDone()) {
      if (!chunks.help()) {
        Thread.yield(); // a platform thread: the processor goes to whoever else needs it
      }
    }
  }

  /**
   * The analysis started first of those not taken, waiting for it if need be; an {@link
   * OutOfMemoryError} (or any other failure) it met is thrown here, on the taker's thread.
   */
  WindowedAnalysis.Result take() {
    FutureTask<WindowedAnalysis.Result> f = underWay;
    underWay = queued;
    queued = null;
    // made here if the helper has not begun it (it may be parked, or waiting out a time slice for
    // the processor it yielded): a task runs once, so where the helper has, this returns at once
    f.run();
    if (CarrierPool.onVirtualThread()) {
      // a virtual thread's yield keeps its carrier on the processor, which the helper may share:
      // between the loops it can help with, it parks (a loop's opening and the end unpark it)
      while (!f.isDone()) {
        if (!chunks.help()) {
          chunks.await(f::isDone);
        }
      }
      return result(f);
    }
    // share the analysis's enumeration if it is under way; else look, yielding the processor (not
    // onSpinWait: the compiler and collector threads may need it), and after a while park
    long until = System.nanoTime() + SPIN_NANOS;
    while (!f.isDone()) {
      if (chunks.help()) {
        until = System.nanoTime() + SPIN_NANOS; // what is left of the analysis after it is short
      } else if (System.nanoTime() < until) {
        Thread.yield();
      } else {
        break;
      }
    }
    return result(f);
  }

  /** What {@code f} made, waiting for it if need be; its failure is thrown on this thread. */
  private static WindowedAnalysis.Result result(FutureTask<WindowedAnalysis.Result> f) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return f.get();
        } catch (InterruptedException e) {
          interrupted = true; // the analysis is short: finish taking it, then pass the interrupt on
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error err) {
        throw err;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(cause);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
