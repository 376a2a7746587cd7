package dev.weft.targets.junit4;

import junit.framework.TestCase;

/** A JUnit 3 test case: setUp makes the counter two threads increment without a lock. */
public class Junit3Counter extends TestCase {
  private int[] hits;

  @Override
  protected void setUp() {
    hits = new int[] {0};
  }

  public void testTwoIncrements() throws InterruptedException {
    Thread a = new Thread(() -> hits[0]++, "a");
    Thread b = new Thread(() -> hits[0]++, "b");
    a.start();
    b.start();
    a.join();
    b.join();
    assertEquals("test " + getName(), 2, hits[0]);
  }

  @Override
  protected void tearDown() {
    hits = null;
  }
}
