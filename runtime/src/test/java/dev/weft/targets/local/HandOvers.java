package dev.weft.targets.local;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * One way each to hand an object a thread made to another thread. Every method makes a counter
 * (local to its thread at first, and written while it is), hands it over, and then both threads add
 * one to it without a lock: an update can be lost, which fails the check. Weft finds that only if
 * it sees the hand-over, so that the accesses after it are scheduling points again.
 */
public final class HandOvers {
  static final class Counter {
    int n;
  }

  static final class Holder {
    Counter counter;
  }

  private static Counter slot;
  private static Holder holderSlot;

  private HandOvers() {}

  private static void check(Counter c) {
    if (c.n != 2) {
      throw new AssertionError("lost update: " + c.n);
    }
  }

  /** A started thread that waits until {@code receive} gives it the counter, and adds one. */
  private static Thread taker(Supplier<Counter> receive) {
    Thread t =
        new Thread(
            () -> {
              Counter c;
              while ((c = receive.get()) == null) {
                Thread.yield();
              }
              c.n++;
            });
    t.start();
    return t;
  }

  private static Counter fresh() {
    Counter c = new Counter();
    c.n = 0;
    return c;
  }

  public static void viaStatic() throws InterruptedException {
    Thread other = taker(() -> slot);
    Counter c = fresh();
    slot = c;
    c.n++;
    other.join();
    check(c);
  }

  public static void viaSharedField() throws InterruptedException {
    Holder shared = new Holder();
    Thread other = taker(() -> shared.counter);
    Counter c = fresh();
    shared.counter = c;
    c.n++;
    other.join();
    check(c);
  }

  public static void viaSharedArray() throws InterruptedException {
    Counter[] shared = new Counter[1];
    Thread other = taker(() -> shared[0]);
    Counter c = fresh();
    shared[0] = c;
    c.n++;
    other.join();
    check(c);
  }

  public static void viaArraycopy() throws InterruptedException {
    Counter[] shared = new Counter[1];
    Thread other = taker(() -> shared[0]);
    Counter c = fresh();
    Counter[] mine = {c};
    System.arraycopy(mine, 0, shared, 0, 1);
    c.n++;
    other.join();
    check(c);
  }

  public static void viaQueue() throws InterruptedException {
    ConcurrentLinkedQueue<Counter> queue = new ConcurrentLinkedQueue<>();
    Thread other = taker(() -> queue.peek());
    Counter c = fresh();
    queue.add(c);
    c.n++;
    other.join();
    check(c);
  }

  public static void viaAtomicReference() throws InterruptedException {
    AtomicReference<Counter> ref = new AtomicReference<>();
    Thread other = taker(() -> ref.get());
    Counter c = fresh();
    ref.set(c);
    c.n++;
    other.join();
    check(c);
  }

  public static void viaLambdaCapture() throws InterruptedException {
    Counter c = fresh();
    Thread other = new Thread(() -> c.n++);
    other.start();
    c.n++;
    other.join();
    check(c);
  }

  public static void viaAnonymousClass() throws InterruptedException {
    Counter c = fresh();
    Thread other =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                c.n++;
              }
            });
    other.start();
    c.n++;
    other.join();
    check(c);
  }

  /** The counter is reached only through a holder, which is what escapes. */
  public static void viaHolder() throws InterruptedException {
    Thread other =
        new Thread(
            () -> {
              Holder h;
              while ((h = holderSlot) == null) {
                Thread.yield();
              }
              h.counter.n++;
            });
    other.start();
    Counter c = fresh();
    Holder h = new Holder();
    h.counter = c;
    holderSlot = h;
    c.n++;
    other.join();
    check(c);
  }

  /** A thread subclass keeps the counter in a final field. */
  /** A captured variable stored before {@code super()} of a JDK subclass: it goes at once. */
  public static void viaAnonymousThread() throws InterruptedException {
    Counter c = fresh();
    Thread other =
        new Thread() {
          @Override
          public void run() {
            c.n++;
          }
        };
    other.start();
    c.n++;
    other.join();
    check(c);
  }

  public static void viaThreadSubclass() throws InterruptedException {
    Counter c = fresh();
    Worker other = new Worker(c);
    other.start();
    c.n++;
    other.join();
    check(c);
  }

  private static final class Worker extends Thread {
    private final Counter counter;

    Worker(Counter counter) {
      this.counter = counter;
    }

    @Override
    public void run() {
      counter.n++;
    }
  }

  /** The counter is made by a lambda the map calls, and returned into the map. */
  public static void viaComputeIfAbsent() throws InterruptedException {
    Map<String, Counter> map = new ConcurrentHashMap<>();
    Thread other = new Thread(() -> map.computeIfAbsent("k", k -> fresh()).n++);
    other.start();
    Counter c = map.computeIfAbsent("k", k -> fresh());
    c.n++;
    other.join();
    check(c);
  }

  /** A constructor publishes {@code this} (from the superclass) before the object is returned. */
  public static void viaConstructor() throws InterruptedException {
    Thread other =
        taker(
            () -> {
              Registering r = Registering.last;
              return r == null ? null : r.counter;
            });
    Counter c = new Registered().counter;
    c.n++;
    other.join();
    check(c);
  }

  static class Registering {
    static volatile Registering last;
    final Counter counter = fresh();

    Registering() {
      last = this;
    }
  }

  static final class Registered extends Registering {}

  public static void viaExecutor() throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    Counter c = fresh();
    java.util.concurrent.Future<?> done = pool.submit(() -> c.n++);
    c.n++;
    done.get();
    pool.shutdown();
    check(c);
  }

  public static void viaCompletableFuture() throws Exception {
    java.util.concurrent.CompletableFuture<Counter> future =
        new java.util.concurrent.CompletableFuture<>();
    Thread other = taker(() -> future.getNow(null));
    Counter c = fresh();
    future.complete(c);
    c.n++;
    other.join();
    check(c);
  }

  public static void viaBlockingQueue() throws InterruptedException {
    java.util.concurrent.BlockingQueue<Counter> queue =
        new java.util.concurrent.ArrayBlockingQueue<>(1);
    Thread other =
        new Thread(
            () -> {
              try {
                queue.take().n++;
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    other.start();
    Counter c = fresh();
    queue.put(c);
    c.n++;
    other.join();
    check(c);
  }

  public static void viaReflection() throws Exception {
    Holder shared = new Holder();
    Thread other = taker(() -> shared.counter);
    Counter c = fresh();
    Holder.class.getDeclaredField("counter").set(shared, c);
    c.n++;
    other.join();
    check(c);
  }

  private static final java.lang.invoke.VarHandle COUNTER;

  static {
    try {
      COUNTER =
          java.lang.invoke.MethodHandles.lookup()
              .findVarHandle(Holder.class, "counter", Counter.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  public static void viaVarHandle() throws InterruptedException {
    Holder shared = new Holder();
    Thread other = taker(() -> shared.counter);
    Counter c = fresh();
    COUNTER.setVolatile(shared, c);
    c.n++;
    other.join();
    check(c);
  }

  /** The counter goes through a list the thread built (local too) into a shared queue. */
  public static void viaLocalListIntoSharedQueue() throws InterruptedException {
    ConcurrentLinkedQueue<Object[]> queue = new ConcurrentLinkedQueue<>();
    Thread other = taker(() -> queue.isEmpty() ? null : (Counter) queue.peek()[0]);
    Counter c = fresh();
    Object[] batch = new Object[] {c};
    queue.add(batch);
    c.n++;
    other.join();
    check(c);
  }

  /** A counter its class's initialiser makes and fills after putting it into the static. */
  static final class Table {
    static final Counter COUNTER = new Counter();

    static {
      for (int i = 0; i < 10; i++) {
        COUNTER.n++;
      }
      COUNTER.n -= 10;
    }

    private Table() {}
  }

  /** The class initialiser's static: local while it runs, shared once it returns. */
  public static void viaStaticInitialiser() throws InterruptedException {
    Thread other = taker(() -> Table.COUNTER);
    Table.COUNTER.n++;
    other.join();
    check(Table.COUNTER);
  }
}
