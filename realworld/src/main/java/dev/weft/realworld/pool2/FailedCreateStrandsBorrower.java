/*
 * commons-pool2 2.4.2, POOL-303: https://issues.apache.org/jira/browse/POOL-303
 * ("Ensure that threads do not block indefinitely if more than maxTotal threads try to borrow an
 * object at the same time and the factory fails to create any objects"; fixed in 2.4.3)
 *
 * GenericObjectPool.borrowObject finds no idle object and calls create(), which counts the object
 * it is about to make (createCount) before calling the factory. A second borrower that arrives
 * while the factory is still connecting sees createCount at maxTotal, gets null from create() and
 * waits on the idle queue (takeFirst, no timeout). When the factory then fails, create() only
 * decrements the count and rethrows: nothing is added to the idle queue and nobody wakes the
 * waiter, which blocks forever although the pool is empty and a retry would succeed. Here the
 * factory's first connection is refused on purpose (the reproducing test's injected fault): the
 * borrower that asked for it dies of ConnectRefused in every run, which is expected; the bug is
 * the hang of the other borrower in the runs where it arrived during the failed connect. Kind:
 * hang (a thread parked in LinkedBlockingDeque.takeFirst, nobody left to signal it).
 */
package dev.weft.realworld.pool2;

import org.apache.commons.pool2.impl.GenericObjectPool;

public final class FailedCreateStrandsBorrower {
  public static void main(String[] args) throws Exception {
    GenericObjectPool<StringBuilder> pool = FlakyConnections.pool(1);
    Thread first = new Thread(() -> FlakyConnections.query(pool), "borrower-1");
    Thread second = new Thread(() -> FlakyConnections.query(pool), "borrower-2");
    first.start();
    second.start();
    first.join();
    second.join();
    pool.close();
  }
}
