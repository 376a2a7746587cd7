package dev.weft.examples.failure;

import java.util.concurrent.CountDownLatch;

/**
 * A program that ends itself with {@code System.exit(0)} once its answer is printed, while a
 * background thread still waits for work that never comes: as on the JVM, the exit ends the run and
 * every thread in it. Nothing fails; Weft notes that threads were still running.
 */
public final class ExitWhenDone {
  private ExitWhenDone() {}

  public static void main(String[] args) throws InterruptedException {
    CountDownLatch work = new CountDownLatch(1);
    Thread background =
        new Thread(
            () -> {
              try {
                work.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "background");
    background.start();
    System.out.println("answer: 42");
    System.exit(0);
  }
}
