/*
 * Mockito 1.10.19, correct twin of StubbingRace (issue #1151,
 * https://github.com/mockito/mockito/issues/1151).
 *
 * The same mock and checker thread, used as Mockito's FAQ asks: all stubbing is done before the
 * mock is shared with another thread, which then only calls it (invocations are thread-safe).
 * Must never fail.
 */
package dev.weft.realworld.mockito;

import static org.mockito.Mockito.when;

public final class StubBeforeSharing {
  static volatile boolean done;

  public static void main(String[] args) throws Exception {
    final StubbingRace.Catalog catalog = StubbingRace.newCatalog();
    when(catalog.lookup("DOG")).thenReturn("PUG");
    Thread checker =
        new Thread(
            () -> {
              for (int i = 0; i < 200 && !done; i++) {
                String r = catalog.lookup("BUG");
                if (!StubbingRace.DEFAULT.equals(r)) {
                  throw new AssertionError("lookup(BUG) returned " + r);
                }
              }
            },
            "checker");
    checker.start();
    String dog = catalog.lookup("DOG");
    done = true;
    checker.join();
    if (!"PUG".equals(dog)) {
      throw new AssertionError("lookup(DOG) returned " + dog);
    }
  }
}
