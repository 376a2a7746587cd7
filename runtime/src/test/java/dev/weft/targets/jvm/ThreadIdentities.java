package dev.weft.targets.jvm;

import dev.weft.runtime.carrier.CarrierProbe;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * Threads that check what the JVM promises each thread of its own: no thread-local values but the
 * inheritable ones of its creator, taken when its {@code Thread} object was made; its own name,
 * context class loader and interrupt status. Every thread leaves values, an interrupt, a priority
 * and a handler behind, for whichever thread comes next on the same platform thread. Passes in
 * every interleaving on the JVM.
 */
public final class ThreadIdentities {
  private ThreadIdentities() {}

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what + " in " + Thread.currentThread().getName());
    }
  }

  /** What a thread finds on arrival and leaves behind. */
  static void arriveAndLeave(String expectedInherited, ClassLoader expectedLoader) {
    String me = Thread.currentThread().getName();
    check(CarrierProbe.LOCAL.get() == null, "a thread-local value " + CarrierProbe.LOCAL.get());
    check(
        java.util.Objects.equals(CarrierProbe.INHERITED.get(), expectedInherited),
        "inherited " + CarrierProbe.INHERITED.get() + " instead of " + expectedInherited);
    check(!CarrierProbe.carrierInterrupted(), "an interrupt left by another thread");
    check(!Thread.currentThread().isInterrupted(), "an interrupt of its own");
    check(
        CarrierProbe.carrierContextLoader() == expectedLoader,
        "the carrier's context loader " + CarrierProbe.carrierContextLoader());
    check(
        Thread.currentThread().getContextClassLoader() == expectedLoader,
        "context loader " + Thread.currentThread().getContextClassLoader());
    check(CarrierProbe.carrierName().equals("weft-" + me), "carrier " + CarrierProbe.carrierName());
    check(CarrierProbe.carrierPriority() == Thread.NORM_PRIORITY, "a priority left behind");
    check(!CarrierProbe.carrierHasHandler(), "a handler left behind");
    CarrierProbe.LOCAL.set(me);
    CarrierProbe.INHERITED.set("from " + me);
    Thread.currentThread().interrupt();
  }

  public static void main(String[] args) throws Exception {
    int width = args.length > 0 ? Integer.parseInt(args[0]) : 6;
    ClassLoader programLoader = Thread.currentThread().getContextClassLoader();
    ClassLoader other = new URLClassLoader(new URL[0], programLoader);
    check(CarrierProbe.INHERITED.get() == null, "main inherited " + CarrierProbe.INHERITED.get());
    check(CarrierProbe.LOCAL.get() == null, "main found " + CarrierProbe.LOCAL.get());
    Thread early =
        new Thread(
            () -> {
              arriveAndLeave(null, programLoader);
              CarrierProbe.disturb();
            },
            "early");
    CarrierProbe.INHERITED.set("from main");
    List<Thread> threads = new ArrayList<>();
    threads.add(early);
    for (int i = 0; i < width; i++) {
      boolean own = i % 2 == 0;
      Thread t =
          new Thread(
              () -> {
                ClassLoader expected = own ? other : programLoader;
                arriveAndLeave("from main", expected);
                String parent = Thread.currentThread().getName();
                Thread child =
                    new Thread(
                        () -> {
                          arriveAndLeave("from " + parent, expected);
                          CarrierProbe.disturb();
                        },
                        "child-" + parent);
                try {
                  Thread.interrupted();
                  child.start();
                  child.join();
                } catch (InterruptedException e) {
                  throw new AssertionError(e);
                }
                CarrierProbe.disturb();
              },
              "worker-" + i);
      if (own) {
        t.setContextClassLoader(other);
      }
      threads.add(t);
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    long distinctIds = threads.stream().mapToLong(Thread::getId).distinct().count();
    check(distinctIds == threads.size(), "thread ids shared");
    CarrierProbe.disturb();
  }
}
