package dev.weft.examples;

import dev.weft.examples.Example.Expected;
import dev.weft.examples.atomicity.CircleRace;
import dev.weft.examples.atomicity.CircleRaceFixed;
import dev.weft.examples.deadlock.LockOrderDeadlock;
import dev.weft.examples.deadlock.LockOrderDeadlockFixed;
import dev.weft.examples.deadlock.LostWakeup;
import dev.weft.examples.deadlock.LostWakeupFixed;
import dev.weft.examples.interference.BluetoothDriver;
import dev.weft.examples.interference.BluetoothDriverFixed;
import dev.weft.examples.join.MissingJoin;
import dev.weft.examples.join.MissingJoinFixed;
import dev.weft.examples.juc.BoundedBufferIf;
import dev.weft.examples.juc.BoundedBufferIfFixed;
import dev.weft.examples.juc.ExecutorLostUpdate;
import dev.weft.examples.juc.ExecutorLostUpdateFixed;
import dev.weft.examples.juc.FuturePipelineRace;
import dev.weft.examples.juc.FuturePipelineRaceFixed;
import dev.weft.examples.juc.LatchCountedDownEarly;
import dev.weft.examples.juc.LatchCountedDownEarlyFixed;
import dev.weft.examples.juc.MapCheckThenAct;
import dev.weft.examples.juc.MapCheckThenActFixed;
import dev.weft.examples.juc.MixedLockOrderDeadlock;
import dev.weft.examples.juc.MixedLockOrderDeadlockFixed;
import dev.weft.examples.juc.OwnSemaphoreTwoSteps;
import dev.weft.examples.juc.OwnSemaphoreTwoStepsFixed;
import dev.weft.examples.juc.SleepOrdering;
import dev.weft.examples.juc.SleepOrderingFixed;
import dev.weft.examples.juc.SpinHandoff;
import dev.weft.examples.juc.SpinHandoffFixed;
import dev.weft.examples.juc.TreiberStack;
import dev.weft.examples.juc.TreiberStackFixed;
import dev.weft.examples.pct.FlagX;
import dev.weft.examples.pct.FlagXFixed;
import dev.weft.examples.variables.Figure1;
import dev.weft.examples.variables.Figure10;
import dev.weft.examples.variables.Figure10Fixed;
import dev.weft.examples.variables.Figure1Fixed;
import dev.weft.examples.variables.Figure2;
import dev.weft.examples.variables.Figure2Fixed;
import dev.weft.examples.variables.Figure3;
import dev.weft.examples.variables.Figure3Fixed;
import dev.weft.examples.variables.Figure4;
import dev.weft.examples.variables.Figure4Fixed;
import dev.weft.examples.variables.Figure8;
import dev.weft.examples.variables.Figure8Fixed;
import dev.weft.examples.variables.Figure9;
import dev.weft.examples.variables.Figure9Fixed;
import java.util.List;

/**
 * All example programs: each buggy program with the failure a fuzzer must find, and each correct
 * twin, which must never fail under any interleaving.
 */
public final class Catalog {

  /** Every example, buggy ones and their correct twins, in a stable order. */
  public static final List<Example> ALL =
      List.of(
          // pct: seed 000
          buggy(FlagX.class, Expected.EXCEPTION, "10", "10"),
          buggy(FlagX.class, Expected.EXCEPTION, "50", "50"),
          twin(FlagXFixed.class, FlagX.class, "10", "10"),
          // variables: seed 001 (PCTVB figures)
          buggy(Figure1.class, Expected.ASSERTION),
          twin(Figure1Fixed.class, Figure1.class),
          buggy(Figure2.class, Expected.ASSERTION),
          twin(Figure2Fixed.class, Figure2.class),
          buggy(Figure3.class, Expected.ASSERTION),
          twin(Figure3Fixed.class, Figure3.class),
          buggy(Figure4.class, Expected.ASSERTION),
          twin(Figure4Fixed.class, Figure4.class),
          buggy(Figure8.class, Expected.ASSERTION),
          twin(Figure8Fixed.class, Figure8.class),
          buggy(Figure9.class, Expected.ASSERTION),
          twin(Figure9Fixed.class, Figure9.class),
          buggy(Figure10.class, Expected.ASSERTION),
          twin(Figure10Fixed.class, Figure10.class),
          // interference: seed 003
          buggy(BluetoothDriver.class, Expected.ASSERTION),
          twin(BluetoothDriverFixed.class, BluetoothDriver.class),
          // atomicity: seed 004
          buggy(CircleRace.class, Expected.ASSERTION),
          twin(CircleRaceFixed.class, CircleRace.class),
          // deadlock
          buggy(LockOrderDeadlock.class, Expected.DEADLOCK),
          twin(LockOrderDeadlockFixed.class, LockOrderDeadlock.class),
          buggy(LostWakeup.class, Expected.DEADLOCK),
          twin(LostWakeupFixed.class, LostWakeup.class),
          // join
          buggy(MissingJoin.class, Expected.ASSERTION),
          twin(MissingJoinFixed.class, MissingJoin.class),
          // java.util.concurrent, spin-waits and timing
          buggy(BoundedBufferIf.class, Expected.EXCEPTION),
          twin(BoundedBufferIfFixed.class, BoundedBufferIf.class),
          buggy(MixedLockOrderDeadlock.class, Expected.DEADLOCK),
          twin(MixedLockOrderDeadlockFixed.class, MixedLockOrderDeadlock.class),
          buggy(OwnSemaphoreTwoSteps.class, Expected.DEADLOCK),
          twin(OwnSemaphoreTwoStepsFixed.class, OwnSemaphoreTwoSteps.class),
          buggy(LatchCountedDownEarly.class, Expected.ASSERTION),
          twin(LatchCountedDownEarlyFixed.class, LatchCountedDownEarly.class),
          buggy(SpinHandoff.class, Expected.ASSERTION),
          twin(SpinHandoffFixed.class, SpinHandoff.class),
          buggy(SleepOrdering.class, Expected.EXCEPTION),
          twin(SleepOrderingFixed.class, SleepOrdering.class),
          buggy(MapCheckThenAct.class, Expected.ASSERTION),
          twin(MapCheckThenActFixed.class, MapCheckThenAct.class),
          buggy(ExecutorLostUpdate.class, Expected.ASSERTION),
          twin(ExecutorLostUpdateFixed.class, ExecutorLostUpdate.class),
          buggy(FuturePipelineRace.class, Expected.ASSERTION),
          twin(FuturePipelineRaceFixed.class, FuturePipelineRace.class),
          buggy(TreiberStack.class, Expected.ASSERTION),
          twin(TreiberStackFixed.class, TreiberStack.class));

  private Catalog() {}

  /** Same as {@link #ALL}. */
  public static List<Example> all() {
    return ALL;
  }

  /** The buggy examples (expected is not {@link Expected#NONE}). */
  public static List<Example> buggy() {
    return ALL.stream().filter(e -> !e.isTwin()).toList();
  }

  /** The correct twins (expected {@link Expected#NONE}). */
  public static List<Example> twins() {
    return ALL.stream().filter(Example::isTwin).toList();
  }

  private static Example buggy(Class<?> main, Expected expected, String... args) {
    return new Example(main.getName(), args, expected, null);
  }

  private static Example twin(Class<?> main, Class<?> buggy, String... args) {
    return new Example(main.getName(), args, Expected.NONE, buggy.getName());
  }
}
