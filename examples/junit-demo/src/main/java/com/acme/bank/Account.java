package com.acme.bank;

/** A bank account whose deposit reads the balance and then writes it: not thread-safe. */
public class Account {
  private int balance;

  public Account(int opening) {
    balance = opening;
  }

  public void deposit(int amount) {
    int read = balance;
    balance = read + amount;
  }

  public int balance() {
    return balance;
  }
}
