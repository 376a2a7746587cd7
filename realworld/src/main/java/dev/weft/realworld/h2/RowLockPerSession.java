/*
 * H2 1.4.199, twin of issue #2028 (https://github.com/h2database/h2database/issues/2028): the
 * same sessions, statements and checks, but each session takes and gives back its own row
 * (rows 1, 2 and 3): the database is used concurrently (one table, one MVStore, three transactions
 * at a time) but no UPDATE ever waits for another session's row. Must never fail.
 */
package dev.weft.realworld.h2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

public final class RowLockPerSession {
  public static void main(String[] args) throws Exception {
    Class.forName("org.h2.Driver");
    try (Connection keep = DriverManager.getConnection(RowLockLostUpdate.URL)) {
      try (Statement s = keep.createStatement()) {
        s.execute("CREATE TABLE LOCKS(ID INT PRIMARY KEY, OWNER VARCHAR(64))");
        s.execute("INSERT INTO LOCKS VALUES(1, NULL)");
        for (int row = 2; row <= RowLockLostUpdate.WORKERS; row++) {
          s.execute("INSERT INTO LOCKS VALUES(" + row + ", NULL)");
        }
      }
      Thread[] workers = new Thread[RowLockLostUpdate.WORKERS];
      for (int i = 0; i < workers.length; i++) {
        final String me = "worker-" + i;
        final int row = i + 1;
        final AtomicInteger holders = new AtomicInteger();
        workers[i] = new Thread(() -> RowLockLostUpdate.useRowLock(me, row, holders), me);
        workers[i].start();
      }
      for (Thread t : workers) {
        t.join();
      }
    }
  }
}
