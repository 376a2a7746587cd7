/*
 * Mockito 1.10.19, issue #2389: https://github.com/mockito/mockito/issues/2389
 * ("Parallel use of mocks with deep stubbing may lead to ConcurrentModificationException";
 * reported on 3.11.2, the same code is in 1.10.19)
 *
 * With RETURNS_DEEP_STUBS the first call of a method creates a mock for its return value and
 * records it as a stubbed answer; every call first walks the mock's list of stubbed invocations
 * (ReturnsDeepStubs.deepStub iterates InvocationContainerImpl.getStubbedInvocations(), a
 * LinkedList, without its lock) while another thread's first call adds to that list under the
 * lock. Several threads calling fresh deep-stub mocks together: ConcurrentModificationException.
 * Kind: exception.
 */
package dev.weft.realworld.mockito;

import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;

import java.util.List;
import java.util.concurrent.CyclicBarrier;

public final class DeepStubsRace {
  public interface Service {
    List<String> items();
  }

  static final int MOCKS = 30;

  public static void main(String[] args) throws Exception {
    final Service[] services = new Service[MOCKS];
    for (int i = 0; i < MOCKS; i++) {
      services[i] = mock(Service.class, RETURNS_DEEP_STUBS);
    }
    Thread[] callers = new Thread[3];
    // The callers meet before each mock, so that its first calls overlap (as the parallel stream
    // of the report does with one mock and many calls).
    final CyclicBarrier together = new CyclicBarrier(callers.length);
    for (int c = 0; c < callers.length; c++) {
      callers[c] =
          new Thread(
              () -> {
                try {
                  for (Service s : services) {
                    together.await();
                    s.items().size();
                  }
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              },
              "caller-" + c);
      callers[c].start();
    }
    for (Thread t : callers) {
      t.join();
    }
  }
}
