package dev.weft.runtime.perrun;

import java.util.concurrent.ThreadFactory;

/**
 * The model pools' default thread factory. The JDK's default numbers pools process-wide, so worker
 * names would differ from run to run; this one counts within its pool, so they repeat per run.
 */
final class PoolThreads implements ThreadFactory {
  private int created;

  @Override
  public synchronized Thread newThread(Runnable r) {
    return new Thread(r, "pool-thread-" + ++created);
  }
}
