package com.acme.bank;

/** The same account with its deposit synchronized. */
public class SafeAccount {
  private int balance;

  public SafeAccount(int opening) {
    balance = opening;
  }

  public synchronized void deposit(int amount) {
    balance += amount;
  }

  public synchronized int balance() {
    return balance;
  }
}
