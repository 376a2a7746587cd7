/*
 * Correct twin of FailedCreateStrandsBorrower (commons-pool2 2.4.2, POOL-303): the same borrowers
 * and the same refused first connection (one borrower still dies of ConnectRefused in every run,
 * as expected), but maxTotal is the number of borrowers, so create() never returns null and no
 * borrower waits on the idle queue.
 */
package dev.weft.realworld.pool2;

import org.apache.commons.pool2.impl.GenericObjectPool;

public final class PoolSizedForAll {
  public static void main(String[] args) throws Exception {
    GenericObjectPool<StringBuilder> pool = FlakyConnections.pool(2);
    Thread first = new Thread(() -> FlakyConnections.query(pool), "borrower-1");
    Thread second = new Thread(() -> FlakyConnections.query(pool), "borrower-2");
    first.start();
    second.start();
    first.join();
    second.join();
    pool.close();
  }
}
