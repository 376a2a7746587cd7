package dev.weft.runtime.jdk.inside;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The JDK collections whose reading calls run with their inner steps as scheduling points, where
 * the JVM runs the instrumented {@code java.base} ({@link JdkLockFreeRewriter}): the lock-free
 * queues, whose {@code size()}, {@code contains} and bulk reads are only weakly consistent. A
 * program that counts on more than that is shown failing; with {@code --jdk models} each call is
 * one atomic step.
 */
public final class LockFreeCollections {
  private static final boolean IN_USE = ControlledJdk.inUse();

  private LockFreeCollections() {}

  /** Whether a call on {@code receiver} runs with its inner steps as points. */
  public static boolean runsInside(Object receiver) {
    return IN_USE
        && (receiver instanceof ConcurrentLinkedQueue || receiver instanceof ConcurrentLinkedDeque);
  }
}
