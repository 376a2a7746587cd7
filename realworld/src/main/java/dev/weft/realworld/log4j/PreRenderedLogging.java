/*
 * log4j 1.2.13, correct twin of NestedLoggingDeadlock (Bugzilla 41214,
 * https://bz.apache.org/bugzilla/show_bug.cgi?id=41214).
 *
 * The same loggers, appenders and self-logging domain objects, used the way the bug report's
 * workaround says: the message is rendered (String.valueOf) before it is handed to log4j, so the
 * nested logging in toString() runs while the thread holds no log4j monitor, and each
 * callAppenders holds one category monitor at a time. Must never fail.
 */
package dev.weft.realworld.log4j;

import java.io.StringWriter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

public final class PreRenderedLogging {
  public static void main(String[] args) throws Exception {
    Logger root = Logger.getRootLogger();
    root.setLevel(Level.INFO);
    root.addAppender(new WriterAppender(new PatternLayout("%c %m%n"), new StringWriter()));
    final Logger audit = Logger.getLogger("audit");
    audit.setAdditivity(false);
    audit.addAppender(new WriterAppender(new PatternLayout("%m%n"), new StringWriter()));
    final Logger orders = Logger.getLogger("orders");

    Thread t1 =
        new Thread(
            () -> {
              for (int i = 0; i < NestedLoggingDeadlock.EVENTS; i++) {
                orders.info(String.valueOf(new NestedLoggingDeadlock.Order(i, audit)));
              }
            },
            "orders");
    Thread t2 =
        new Thread(
            () -> {
              for (int i = 0; i < NestedLoggingDeadlock.EVENTS; i++) {
                audit.info(String.valueOf(new NestedLoggingDeadlock.Receipt(i, orders)));
              }
            },
            "audit");
    t1.start();
    t2.start();
    t1.join();
    t2.join();
    org.apache.log4j.LogManager.shutdown();
  }
}
