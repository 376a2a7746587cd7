package dev.weft.targets.junit4;

import static org.junit.Assert.assertEquals;

import org.junit.After;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * A JUnit 4 test class: its {@code @Before} opens the account that two threads deposit into without
 * a lock, so a deposit can be lost; the lifecycle is logged so a run's failure shows it.
 */
public class Junit4Account {
  static StringBuilder log;
  private int balance;

  @BeforeClass
  public static void startLog() {
    log = new StringBuilder("beforeClass");
  }

  @Before
  public void open() {
    balance = 100;
    log.append(",before");
  }

  @Test
  public void concurrentDeposits() throws InterruptedException {
    Thread alice = new Thread(() -> balance += 10, "alice");
    Thread bob = new Thread(() -> balance += 20, "bob");
    alice.start();
    bob.start();
    alice.join();
    bob.join();
    assertEquals("balance after both deposits (" + log + ")", 130, balance);
  }

  @Test(expected = IllegalStateException.class)
  public void overdraftIsRefused() {
    log.append(",test");
    if (balance < 500) {
      throw new IllegalStateException("overdraft");
    }
  }

  @Test(expected = IllegalStateException.class)
  public void expectsAnExceptionThatNeverComes() {
    log.append(",test");
  }

  @After
  public void close() {
    log.append(",after");
  }

  @AfterClass
  public static void report() {
    log.append(",afterClass");
    if (log.toString().contains(",test,")) { // the methods that log: their lifecycle, as a failure
      throw new IllegalStateException("lifecycle " + log);
    }
  }
}
