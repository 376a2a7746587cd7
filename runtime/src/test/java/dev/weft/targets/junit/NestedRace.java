package dev.weft.targets.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * A nested JUnit test whose outer {@code @BeforeEach} makes the shared account and whose test loses
 * an update when the two deposits interleave: found only if the outer instance is made and set up
 * for the inner one.
 */
public class NestedRace {
  static class Account {
    int balance;

    void deposit(int amount) {
      int read = balance;
      balance = read + amount;
    }
  }

  Account account;

  @BeforeEach
  void openAccount() {
    account = new Account();
  }

  @Nested
  class Deposits {
    int amount;

    @BeforeEach
    void chooseAmount() {
      amount = 5;
    }

    @Test
    void twoDeposits() throws InterruptedException {
      Thread alice = new Thread(() -> account.deposit(amount), "alice");
      Thread bob = new Thread(() -> account.deposit(amount), "bob");
      alice.start();
      bob.start();
      alice.join();
      bob.join();
      assertEquals(10, account.balance, "balance after two deposits of 5");
    }
  }
}
