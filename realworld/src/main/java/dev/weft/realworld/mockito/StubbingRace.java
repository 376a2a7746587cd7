/*
 * Mockito 1.10.19, issue #1151: https://github.com/mockito/mockito/issues/1151
 * ("MockHandlerImpl: Not thread safe reportOngoingStubbing")
 *
 * when(mock.call(..)).thenReturn(..) works in two steps: the call records itself as the mock's
 * "invocation for stubbing" (a field of the mock's InvocationContainerImpl, shared by all
 * threads), then thenReturn() attaches the answer to whatever invocation that field holds. If
 * another thread calls the mock in between, the stub lands on the other thread's call: the
 * checker thread, which expects the default answer for lookup("BUG"), gets "PUG", and main's
 * lookup("DOG") keeps the default. Mockito's FAQ says stubbing is not thread-safe; the issue shows
 * the race with this shape. Kind: exception (AssertionError in either thread).
 */
package dev.weft.realworld.mockito;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.mockito.invocation.InvocationOnMock;
import org.mockito.stubbing.Answer;

public final class StubbingRace {
  public interface Catalog {
    String lookup(String sku);
  }

  static final String DEFAULT = "DEFAULT ANSWER";

  static Catalog newCatalog() {
    return mock(
        Catalog.class,
        new Answer<Object>() {
          @Override
          public Object answer(InvocationOnMock invocation) {
            return DEFAULT;
          }
        });
  }

  static volatile boolean done;
  static volatile int calls;

  public static void main(String[] args) throws Exception {
    final Catalog catalog = newCatalog();
    Thread checker =
        new Thread(
            () -> {
              while (!done) {
                String r = catalog.lookup("BUG");
                calls++;
                if (!DEFAULT.equals(r)) {
                  throw new AssertionError("lookup(BUG) returned " + r);
                }
              }
            },
            "checker");
    checker.start();
    while (calls == 0) {
      Thread.yield();
    }
    when(catalog.lookup("DOG")).thenReturn("PUG");
    String dog = catalog.lookup("DOG");
    done = true;
    checker.join();
    if (!"PUG".equals(dog)) {
      throw new AssertionError("lookup(DOG) returned " + dog);
    }
  }
}
