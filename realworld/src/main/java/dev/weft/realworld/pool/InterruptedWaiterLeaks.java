/*
 * commons-pool 1.5, POOL-162: https://issues.apache.org/jira/browse/POOL-162
 * ("When waiting threads are interrupted, pool can leak capacity")
 *
 * A borrower that finds the pool exhausted queues a latch in _allocationQueue and waits on it.
 * If it is interrupted, GenericObjectPool.borrowObject() rethrows the InterruptedException but
 * leaves the latch in the queue; the next returnObject() hands the idle object to that abandoned
 * latch, and the object (and its slot of maxActive) is lost for good. Here main holds the only
 * object, a worker starts borrowing, main interrupts the worker (a cancelled request) and returns
 * the object. If the worker's request was queued before the return, the pool has leaked its only
 * slot and main's next borrow times out with NoSuchElementException. Kind: exception.
 */
package dev.weft.realworld.pool;

import org.apache.commons.pool.BasePoolableObjectFactory;
import org.apache.commons.pool.impl.GenericObjectPool;

public final class InterruptedWaiterLeaks {
  static final class Buffers extends BasePoolableObjectFactory {
    @Override
    public Object makeObject() {
      return new byte[16];
    }
  }

  public static void main(String[] args) throws Exception {
    final GenericObjectPool pool = new GenericObjectPool(new Buffers());
    pool.setMaxActive(1);
    pool.setWhenExhaustedAction(GenericObjectPool.WHEN_EXHAUSTED_BLOCK);
    pool.setMaxWait(500);

    Object first = pool.borrowObject();
    Thread worker =
        new Thread(
            () -> {
              try {
                Object o = pool.borrowObject();
                pool.returnObject(o);
              } catch (InterruptedException e) {
                // cancelled while waiting: fine, the request is abandoned
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
            },
            "worker");
    worker.start();
    worker.interrupt();
    pool.returnObject(first);
    worker.join();

    Object again = pool.borrowObject(); // NoSuchElementException once the slot has leaked
    pool.returnObject(again);
    pool.close();
  }
}
