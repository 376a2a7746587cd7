package dev.weft.runtime.scheduler;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The part of {@code java.util.concurrent} state that Weft keeps itself because the JDK's objects
 * cannot be driven without blocking: which lock a condition belongs to, who waits on a condition,
 * and cyclic barriers' generations. Everything else (lock owners, permits, counts) stays in the JDK
 * objects, which Weft only ever calls through their non-blocking methods.
 */
final class SyncModel {
  /** One cyclic barrier's state: how many arrived in this generation, and whether it broke. */
  static final class Barrier {
    int arrived;
    int generation;
    boolean broken;
  }

  final IdentityHashMap<Condition, Lock> conditionLocks = new IdentityHashMap<>();
  private final IdentityHashMap<Condition, ArrayDeque<ControlledThread>> waiters =
      new IdentityHashMap<>();
  private final IdentityHashMap<CyclicBarrier, Barrier> barriers = new IdentityHashMap<>();
  final IdentityHashMap<CyclicBarrier, Runnable> barrierActions = new IdentityHashMap<>();

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
