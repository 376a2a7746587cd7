package dev.weft.runtime.control;

/**
 * Where a controlled thread is in its life. The scheduler only ever picks a thread that is not
 * {@link #FINISHED} and whose {@link Wait} says it is ready.
 *
 * <pre>
 *   NEW --(its THREAD_BEGIN executes)--> RUNNABLE <--(wait ends)--> WAITING
 *                                            |
 *                                 (its THREAD_END executes)
 *                                            v
 *                                        FINISHED
 * </pre>
 *
 * <p>A thread is {@link #WAITING} while it has announced an operation that may not be able to go on
 * (a monitor enter, a join, a wait, a retried blocking call); which one is its {@link Wait}.
 */
public enum ThreadState {
  NEW,
  RUNNABLE,
  WAITING,
  FINISHED
}
