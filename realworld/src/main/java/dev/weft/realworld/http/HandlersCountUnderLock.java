/*
 * Correct twin of HandlersCountInMap: the same JDK HTTP server, executor and clients, the count
 * taken under a lock. Must never fail.
 */
package dev.weft.realworld.http;

public final class HandlersCountUnderLock {
  public static void main(String[] args) throws Exception {
    HandlersCountInMap.run(true);
  }
}
