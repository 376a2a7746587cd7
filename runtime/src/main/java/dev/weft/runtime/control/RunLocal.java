package dev.weft.runtime.control;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A slot for state that lives exactly as long as one run, such as a primitive model's waiters or
 * barrier generations. Each model declares its slot once; every {@link Scheduler} keeps its own
 * value, so the scheduler core need not know which primitives exist.
 */
public final class RunLocal<T> {
  private static final AtomicInteger NEXT = new AtomicInteger();

  final int index = NEXT.getAndIncrement();
  final Supplier<T> initial;

  public RunLocal(Supplier<T> initial) {
    this.initial = initial;
  }

  /** This run's value, created on first use. */
  public T of(Scheduler scheduler) {
    return scheduler.local(this);
  }
}
