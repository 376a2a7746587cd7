/*
 * commons-pool 1.5, correct twin of BlockedKeyBlocksPool (POOL-146,
 * https://issues.apache.org/jira/browse/POOL-146).
 *
 * The same two threads and keys, with the pool sized for its borrowers: maxActive 2 per key, so
 * with at most two objects of a key out at once no borrower ever has to queue and wait.
 * (Waiting itself is fragile in 1.5: besides POOL-146, a borrower checks its latch outside the
 * latch's monitor and then waits without re-checking, so a notify that comes in between is
 * lost; an earlier version of this twin, with maxActive 1, hung natively that way.) Must never
 * fail.
 */
package dev.weft.realworld.pool;

import org.apache.commons.pool.impl.GenericKeyedObjectPool;

public final class OneKeyAtATime {
  public static void main(String[] args) throws Exception {
    final GenericKeyedObjectPool pool = BlockedKeyBlocksPool.newPool();
    pool.setMaxActive(2);
    Thread transfer =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < BlockedKeyBlocksPool.ROUNDS; i++) {
                  Object a = pool.borrowObject("A");
                  pool.returnObject("A", a);
                  Object b = pool.borrowObject("B");
                  pool.returnObject("B", b);
                }
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
            },
            "transfer");
    Thread reader =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < BlockedKeyBlocksPool.ROUNDS; i++) {
                  Object a = pool.borrowObject("A");
                  pool.returnObject("A", a);
                }
              } catch (Exception e) {
                throw new RuntimeException(e);
              }
            },
            "reader");
    transfer.start();
    reader.start();
    transfer.join();
    reader.join();
    pool.close();
  }
}
