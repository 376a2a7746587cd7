/*
 * commons-pool 1.2, POOL-102: https://issues.apache.org/jira/browse/POOL-102
 * (fixed in 1.4: "Allowed blocked threads in GenericObjectPool borrowObject to be interrupted")
 *
 * commons-pool 1.2 is built for Java 1.3 (class files 45.3; GenericObjectPool contains JSR/RET).
 * Its GenericObjectPool.borrowObject() waits for an idle object with wait() and catches and
 * ignores InterruptedException: a thread interrupted while it waits for the pool neither gets the
 * exception nor keeps its interrupt status, so a cancelled task cannot notice it was cancelled.
 * Here main holds the only object, a worker borrows, main interrupts the worker and returns the
 * object. Every borrow by the worker completes after the interrupt, so afterwards the worker must
 * have been told: by InterruptedException or by its interrupt status. If the worker was waiting
 * (or entered wait() with the flag set) the status is gone: AssertionError. Kind: exception.
 */
package dev.weft.realworld.pool;

import org.apache.commons.pool.BasePoolableObjectFactory;
import org.apache.commons.pool.impl.GenericObjectPool;

public final class InterruptSwallowed {
  static final class Sessions extends BasePoolableObjectFactory {
    @Override
    public Object makeObject() {
      return new Object();
    }
  }

  public static void main(String[] args) throws Exception {
    final GenericObjectPool pool =
        new GenericObjectPool(new Sessions(), 1, GenericObjectPool.WHEN_EXHAUSTED_BLOCK, -1);
    Object first = pool.borrowObject();
    Thread worker =
        new Thread(
            () -> {
              Object o;
              try {
                o = pool.borrowObject();
              } catch (InterruptedException e) {
                return; // told
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
              boolean told = Thread.interrupted();
              try {
                pool.returnObject(o);
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
              if (!told) {
                throw new AssertionError("interrupt lost inside GenericObjectPool.borrowObject");
              }
            },
            "worker");
    worker.start();
    worker.interrupt();
    pool.returnObject(first);
    worker.join();
    pool.close();
  }
}
