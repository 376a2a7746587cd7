package dev.weft.examples.failure;

/**
 * A service that ends the JVM with status 3 when it sees its state corrupt, as supervisors and
 * command-line tools do instead of throwing.
 *
 * <p>Two tellers each withdraw 100 from a balance of 100 with an unsynchronised check-then-act, and
 * each checks the balance afterwards. Failing interleaving: both tellers pass the check before
 * either subtracts; the balance goes to -100 and the teller that sees it calls {@code
 * System.exit(3)}. In every other interleaving one withdrawal is refused and the program ends
 * normally.
 */
public final class ExitOnCorruptBalance {
  private int balance = 100;

  private ExitOnCorruptBalance() {}

  void withdraw(int amount) {
    if (balance >= amount) {
      balance = balance - amount;
    }
    if (balance < 0) {
      System.err.println("balance corrupt: " + balance);
      System.exit(3);
    }
  }

  public static void main(String[] args) throws InterruptedException {
    ExitOnCorruptBalance account = new ExitOnCorruptBalance();
    Thread a = new Thread(() -> account.withdraw(100), "teller-a");
    Thread b = new Thread(() -> account.withdraw(100), "teller-b");
    a.start();
    b.start();
    a.join();
    b.join();
  }
}
