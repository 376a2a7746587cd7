/*
 * H2 1.4.199 in server mode: its TCP server (org.h2.tools.Server.createTcpServer) on a loopback
 * port, and two client threads, each with its own JDBC connection over TCP
 * (jdbc:h2:tcp://127.0.0.1:<port>/mem:...), as an application's services talk to a database
 * server.
 *
 * The bug is the application's, the classic one of JDBC code: each client reads the balance with a
 * SELECT and writes back balance + 10 with a second statement, in auto-commit mode, so both may
 * read 100 and both write 110: one deposit is lost. Every request and reply goes through the
 * server's own threads (its listener and one handler thread per connection, all library code),
 * over real loopback sockets. Kind: lost update across processes' worth of code; signal:
 * AssertionError. The correct twin (TcpClientsAtomicUpdate) lets the database add.
 */
package dev.weft.realworld.h2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.tools.Server;

public final class TcpClientsLostUpdate {
  static final int CLIENTS = 2;

  public static void main(String[] args) throws Exception {
    run(false);
  }

  /** Starts a TCP server, two depositing clients, and checks both deposits are in. */
  static void run(boolean atomic) throws Exception {
    Class.forName("org.h2.Driver");
    Server server =
        Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-tcpDaemon").start();
    String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:bank;DB_CLOSE_DELAY=-1";
    try (Connection setup = DriverManager.getConnection(url, "sa", "")) {
      try (Statement s = setup.createStatement()) {
        s.execute("CREATE TABLE ACCOUNT(ID INT PRIMARY KEY, BALANCE INT)");
        s.execute("INSERT INTO ACCOUNT VALUES(1, 100)");
      }
      Thread[] clients = new Thread[CLIENTS];
      for (int i = 0; i < CLIENTS; i++) {
        clients[i] = new Thread(() -> deposit(url, atomic), "client-" + i);
        clients[i].start();
      }
      for (Thread t : clients) {
        t.join();
      }
      try (Statement s = setup.createStatement();
          ResultSet r = s.executeQuery("SELECT BALANCE FROM ACCOUNT WHERE ID = 1")) {
        r.next();
        int balance = r.getInt(1);
        if (balance != 100 + 10 * CLIENTS) {
          throw new AssertionError("balance " + balance + " after " + CLIENTS + " deposits of 10");
        }
      }
      try (Statement s = setup.createStatement()) {
        s.execute("DROP ALL OBJECTS");
      }
    } finally {
      server.stop();
    }
  }

  static void deposit(String url, boolean atomic) {
    try (Connection c = DriverManager.getConnection(url, "sa", "")) {
      if (atomic) {
        try (PreparedStatement add =
            c.prepareStatement("UPDATE ACCOUNT SET BALANCE = BALANCE + 10 WHERE ID = 1")) {
          add.executeUpdate();
        }
        return;
      }
      int balance;
      try (Statement s = c.createStatement();
          ResultSet r = s.executeQuery("SELECT BALANCE FROM ACCOUNT WHERE ID = 1")) {
        r.next();
        balance = r.getInt(1);
      }
      try (PreparedStatement set =
          c.prepareStatement("UPDATE ACCOUNT SET BALANCE = ? WHERE ID = 1")) {
        set.setInt(1, balance + 10);
        set.executeUpdate();
      }
    } catch (SQLException e) {
      throw new RuntimeException(e);
    }
  }
}
