/*
 * Correct twin of AsyncCallbacksTally: the same HTTP client, server and asynchronous requests, the
 * total kept in an AtomicInteger. Must never fail.
 */
package dev.weft.realworld.http;

public final class AsyncCallbacksAtomic {
  public static void main(String[] args) throws Exception {
    AsyncCallbacksTally.run(true);
  }
}
