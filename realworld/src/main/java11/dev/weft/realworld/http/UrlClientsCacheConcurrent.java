/*
 * Correct twin of UrlClientsCacheInMap: the same clients, server and pages, the cache a
 * ConcurrentHashMap. Must never fail.
 */
package dev.weft.realworld.http;

public final class UrlClientsCacheConcurrent {
  public static void main(String[] args) throws Exception {
    UrlClientsCacheInMap.run(UrlClientsCacheInMap.concurrent());
  }
}
