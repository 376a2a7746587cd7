package dev.weft.examples.failure;

/**
 * Correct twin of {@link ExitOnCorruptBalance}: the check and the subtraction happen under one
 * lock, so the balance never goes below zero and the program never exits with status 3.
 */
public final class ExitOnCorruptBalanceFixed {
  private int balance = 100;

  private ExitOnCorruptBalanceFixed() {}

  void withdraw(int amount) {
    int seen;
    synchronized (this) {
      if (balance >= amount) {
        balance = balance - amount;
      }
      seen = balance;
    }
    if (seen < 0) {
      System.err.println("balance corrupt: " + seen);
      System.exit(3);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    ExitOnCorruptBalanceFixed account = new ExitOnCorruptBalanceFixed();
    Thread a = new Thread(() -> account.withdraw(100), "teller-a");
    Thread b = new Thread(() -> account.withdraw(100), "teller-b");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
