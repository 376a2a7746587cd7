/*
 * log4j 1.2.13, Bugzilla 41214: https://bz.apache.org/bugzilla/show_bug.cgi?id=41214
 *
 * Category.callAppenders() holds the monitor of each category it visits while it calls that
 * category's appenders, and AppenderSkeleton.doAppend() is synchronized on the appender. The
 * message object is only rendered (toString()) inside doAppend, under both monitors. When the
 * toString() of a logged object logs itself, to a category whose lock another thread holds while
 * that thread renders an object that logs back, the two threads take the category monitors in
 * opposite orders and deadlock. Here thread "orders" logs an Order through the root appender
 * (holding root) and Order.toString() logs to "audit"; thread "audit" logs a Receipt through
 * audit's own appender (holding audit) and Receipt.toString() logs to "orders", whose
 * callAppenders needs root. Kind: deadlock.
 */
package dev.weft.realworld.log4j;

import java.io.StringWriter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

public final class NestedLoggingDeadlock {
  static final int EVENTS = 60;

  /** A domain object whose toString() logs, as entity classes with logging getters do. */
  static final class Order {
    final int id;
    final Logger audit;

    Order(int id, Logger audit) {
      this.id = id;
      this.audit = audit;
    }

    @Override
    public String toString() {
      audit.info("rendering order " + id);
      return "Order#" + id;
    }
  }

  static final class Receipt {
    final int id;
    final Logger orders;

    Receipt(int id, Logger orders) {
      this.id = id;
      this.orders = orders;
    }

    @Override
    public String toString() {
      orders.info("rendering receipt " + id);
      return "Receipt#" + id;
    }
  }

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
              for (int i = 0; i < EVENTS; i++) {
                orders.info(new Order(i, audit));
              }
            },
            "orders");
    Thread t2 =
        new Thread(
            () -> {
              for (int i = 0; i < EVENTS; i++) {
                audit.info(new Receipt(i, orders));
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
