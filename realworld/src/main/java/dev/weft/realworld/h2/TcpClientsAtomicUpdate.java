/*
 * H2 1.4.199 in server mode, correct twin of TcpClientsLostUpdate: the same TCP server and two
 * client threads over loopback JDBC connections, but each deposit is one statement (BALANCE =
 * BALANCE + 10), which the database applies under its row lock, so both deposits are always in.
 * Must never fail.
 */
package dev.weft.realworld.h2;

public final class TcpClientsAtomicUpdate {
  public static void main(String[] args) throws Exception {
    TcpClientsLostUpdate.run(true);
  }
}
