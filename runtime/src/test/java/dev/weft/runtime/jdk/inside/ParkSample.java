package dev.weft.runtime.jdk.inside;

import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.locks.LockSupport;

/** Shaped like JDK code that parks and forks, for {@link JdkCallRewriterTest}. */
public class ParkSample {
  public ParkSample() {}

  /** Unparks itself, so the untimed park returns at once; then a short timed park. */
  public void parkAfterOwnUnpark() {
    LockSupport.unpark(Thread.currentThread());
    LockSupport.park(this);
    LockSupport.parkNanos(1_000L);
  }

  /** Forks a task as a parallel stream forks its splits, and waits for it. */
  public int forkAndJoin() {
    int[] ran = new int[1];
    ForkJoinTask<?> task = ForkJoinTask.adapt(() -> ran[0]++);
    task.fork();
    task.join();
    return ran[0];
  }
}
