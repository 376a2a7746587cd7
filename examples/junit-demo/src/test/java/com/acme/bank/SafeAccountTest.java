package com.acme.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.WeftTest;
import org.junit.jupiter.api.BeforeEach;

class SafeAccountTest {
  private SafeAccount account;

  @BeforeEach
  void open() {
    account = new SafeAccount(100);
  }

  @WeftTest
  void concurrentDeposits() throws InterruptedException {
    Thread alice = new Thread(() -> account.deposit(10), "alice");
    Thread bob = new Thread(() -> account.deposit(20), "bob");
    alice.start();
    bob.start();
    alice.join();
    bob.join();
    assertEquals(130, account.balance());
  }
}
