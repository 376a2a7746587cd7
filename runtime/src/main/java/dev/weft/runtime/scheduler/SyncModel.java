package dev.weft.runtime.scheduler;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The part of {@code java.util.concurrent} state that Weft keeps itself because the JDK's objects
 * cannot be driven without blocking: which lock a condition belongs to, who waits on a condition,
 * cyclic barriers' generations, and the item waiting in an exchanger. Everything else (lock owners,
 * stamps, permits, counts, phases) stays in the JDK objects, which Weft only ever calls through
 * their non-blocking methods.
 */
final class SyncModel {
  /** One cyclic barrier's state: how many arrived in this generation, and whether it broke. */
  static final class Barrier {
    int arrived;
    int generation;
    boolean broken;
  }

  /** An item offered to an exchanger, waiting for a partner to take it and leave its own. */
  static final class Offer {
    final Object item;
    Object reply;
    boolean taken;

    Offer(Object item) {
      this.item = item;
    }
  }

  final IdentityHashMap<Condition, Lock> conditionLocks = new IdentityHashMap<>();
  private final IdentityHashMap<Condition, ArrayDeque<ControlledThread>> waiters =
      new IdentityHashMap<>();
  private final IdentityHashMap<CyclicBarrier, Barrier> barriers = new IdentityHashMap<>();
  final IdentityHashMap<CyclicBarrier, Runnable> barrierActions = new IdentityHashMap<>();

  /** The offer waiting in each exchanger's slot; absent when the slot is empty. */
  final IdentityHashMap<Exchanger<?>, Offer> exchangerSlots = new IdentityHashMap<>();

  /** Field ids of the {@code Atomic*FieldUpdater}s created by target code. */
  final IdentityHashMap<Object, Integer> updaterFields = new IdentityHashMap<>();

  ArrayDeque<ControlledThread> waitersOf(Condition c) {
    return waiters.computeIfAbsent(c, k -> new ArrayDeque<>());
  }

  Barrier barrier(CyclicBarrier b) {
    return barriers.computeIfAbsent(b, k -> new Barrier());
  }

  /** Starts a new generation after {@code reset()}; waiters keep the broken old state. */
  Barrier renew(CyclicBarrier b) {
    Barrier fresh = new Barrier();
    barriers.put(b, fresh);
    return fresh;
  }
}
