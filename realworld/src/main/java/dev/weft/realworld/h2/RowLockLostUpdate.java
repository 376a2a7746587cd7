/*
 * H2 1.4.199 (embedded, in memory, through JDBC), issue #2028:
 * https://github.com/h2database/h2database/issues/2028 ("Sporadic inconsistent state after
 * concurrent UPDATE in 1.4.199"; fixed for 1.4.200)
 *
 * Three sessions use one row as a lock, the way the report does: `UPDATE LOCKS SET OWNER = ? WHERE
 * ID = 1 AND OWNER IS NULL` takes it when it changes one row, `UPDATE ... SET OWNER = NULL WHERE
 * ID = 1 AND OWNER = ?` gives it back. Under the MVStore engine's row locks a second UPDATE that
 * waits for the first one's row must re-evaluate its WHERE condition against the committed row;
 * in 1.4.199 it could go on with the row version it had read before waiting, so two sessions'
 * UPDATEs report one changed row: both "hold" the lock, the second owner overwrites the first,
 * and the first one's release then finds no row (or both are inside at once). Kind: lost update
 * inside the database engine; signal: AssertionError.
 */
package dev.weft.realworld.h2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

public final class RowLockLostUpdate {
  static final String URL = "jdbc:h2:mem:locks";
  static final int ROUNDS = 20;
  static final int WORKERS = 3;

  public static void main(String[] args) throws Exception {
    // JDBC 3 style registration: the driver class registers itself with DriverManager (each
    // class loader that runs this program has its own copy of the driver).
    Class.forName("org.h2.Driver");
    try (Connection keep = DriverManager.getConnection(URL)) {
      try (Statement s = keep.createStatement()) {
        s.execute("CREATE TABLE LOCKS(ID INT PRIMARY KEY, OWNER VARCHAR(64))");
        s.execute("INSERT INTO LOCKS VALUES(1, NULL)");
      }
      final AtomicInteger holders = new AtomicInteger();
      Thread[] workers = new Thread[WORKERS];
      for (int i = 0; i < workers.length; i++) {
        final String me = "worker-" + i;
        workers[i] = new Thread(() -> useRowLock(me, 1, holders), me);
        workers[i].start();
      }
      for (Thread t : workers) {
        t.join();
      }
    }
  }

  /** Takes and gives back the row lock {@code id} ROUNDS times, checking it is held alone. */
  static void useRowLock(String me, int id, AtomicInteger holders) {
    try (Connection c = DriverManager.getConnection(URL);
        PreparedStatement lock =
            c.prepareStatement("UPDATE LOCKS SET OWNER = ? WHERE ID = ? AND OWNER IS NULL");
        PreparedStatement unlock =
            c.prepareStatement("UPDATE LOCKS SET OWNER = NULL WHERE ID = ? AND OWNER = ?")) {
      lock.setString(1, me);
      lock.setInt(2, id);
      unlock.setInt(1, id);
      unlock.setString(2, me);
      int taken = 0;
      // A session that saw the lock broken stops; the others stop with it instead of waiting for
      // a row that no live session will give back.
      while (taken < ROUNDS && holders.get() >= 0) {
        if (lock.executeUpdate() == 1) {
          taken++;
          if (holders.incrementAndGet() != 1) {
            holders.set(Integer.MIN_VALUE);
            throw new AssertionError(me + " holds the row lock together with another session");
          }
          holders.decrementAndGet();
          if (unlock.executeUpdate() != 1) {
            holders.set(Integer.MIN_VALUE);
            throw new AssertionError(me + " took the row lock, but another session owns it now");
          }
        }
      }
    } catch (SQLException e) {
      throw new RuntimeException(e);
    }
  }
}
