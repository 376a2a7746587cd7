/*
 * commons-pool 1.5, POOL-146: https://issues.apache.org/jira/browse/POOL-146
 * ("Thread deadlock issue in GenericKeyedObjectPool borrowObject()")
 *
 * GenericKeyedObjectPool 1.5 serves its queue of waiting borrowers strictly in arrival order:
 * allocate() looks only at the first latch and stops when that latch's key is at maxActive, even
 * if a later latch asks for a key with free capacity. Thread "transfer" holds key A and borrows
 * key B (nobody else uses B); thread "reader" borrows A. When the reader's request for A is
 * queued (A is held by the transfer) before the transfer asks for B, the B request waits behind
 * it forever: the reader waits for the transfer to return A, the transfer waits for B.
 * maxWait is unlimited, as in the report. Kind: hang (two threads in Object.wait, nobody left to
 * notify). The same hang can also come from a second defect of 1.5 on this path: borrowObject
 * checks its latch outside the latch's monitor and then waits without re-checking, so a notify
 * from allocate() in between is lost (the correct twin OneKeyAtATime avoids waiting for that
 * reason); a finding's report (which latch, which key) tells the two apart.
 */
package dev.weft.realworld.pool;

import org.apache.commons.pool.BaseKeyedPoolableObjectFactory;
import org.apache.commons.pool.impl.GenericKeyedObjectPool;

public final class BlockedKeyBlocksPool {
  static final int ROUNDS = 30;

  static final class Connections extends BaseKeyedPoolableObjectFactory {
    @Override
    public Object makeObject(Object key) {
      return new StringBuilder("connection to ").append(key);
    }
  }

  static GenericKeyedObjectPool newPool() {
    GenericKeyedObjectPool pool = new GenericKeyedObjectPool(new Connections());
    pool.setMaxActive(1);
    pool.setWhenExhaustedAction(GenericKeyedObjectPool.WHEN_EXHAUSTED_BLOCK);
    pool.setMaxWait(-1);
    return pool;
  }

  public static void main(String[] args) throws Exception {
    final GenericKeyedObjectPool pool = newPool();
    Thread transfer =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < ROUNDS; i++) {
                  Object a = pool.borrowObject("A");
                  Object b = pool.borrowObject("B");
                  pool.returnObject("B", b);
                  pool.returnObject("A", a);
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
                for (int i = 0; i < ROUNDS; i++) {
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
