package dev.weft.realworld.pool2;

/**
 * The fault the pool programs inject on purpose: the factory's first connection attempt is refused,
 * as when a database is briefly unreachable. The borrower that asked for that connection dies of it
 * in every run, by design; the benchmark tells both tools it is expected ({@code --ignore-exception
 * dev.weft.realworld.pool2.ConnectRefused}), so that what is judged is what follows it.
 */
public final class ConnectRefused extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ConnectRefused(String message) {
    super(message);
  }
}
