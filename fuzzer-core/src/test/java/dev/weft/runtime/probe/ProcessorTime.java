package dev.weft.runtime.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A loop for test targets that spends processor time without any access Weft sees: this class is
 * under {@code dev.weft.runtime.}, so the target loader shares it rather than instrumenting it (a
 * call on a JDK object the thread made itself would count as progress, an access to a local
 * object).
 */
public final class ProcessorTime {
  private ProcessorTime() {}

  /** Loops for {@code millis} ms of the calling thread's processor time. */
  public static void spin(long millis) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long end = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < end) {
      x++;
    }
    if (x == 42) {
      System.out.println(x);
    }
  }
}
