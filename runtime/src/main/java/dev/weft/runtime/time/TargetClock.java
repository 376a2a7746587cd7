package dev.weft.runtime.time;

import dev.weft.runtime.control.ControlledThread;

/**
 * {@code System.nanoTime()} and {@code currentTimeMillis()} as target code sees them: the run's
 * {@link VirtualClock}, so a replay reads the same times. Each read moves the clock on, so a loop
 * that polls the time still sees it pass, the faster the longer it polls ({@link ClockPolls}).
 * Other threads read the real clocks.
 */
public final class TargetClock {
  private TargetClock() {}

  public static long nanoTime() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return System.nanoTime();
    }
    return t.scheduler().readClock(t).nanoTime();
  }

  public static long currentTimeMillis() {
    ControlledThread t = ControlledThread.current();
    if (t == null) {
      return System.currentTimeMillis();
    }
    return t.scheduler().readClock(t).currentTimeMillis();
  }
}
