/*
 * reload4j 1.2.24 (the maintained log4j 1.2 line), issue #75:
 * https://github.com/qos-ch/reload4j/issues/75
 *
 * A thread logging to the root logger holds the root category's monitor (Category.callAppenders)
 * and the AsyncAppender's monitor (AppenderSkeleton.doAppend); when the AsyncAppender's buffer is
 * full it waits in AsyncAppender.append() for the dispatcher thread to drain it. If the appender
 * the dispatcher feeds logs through log4j itself (in the report an appender's error path logging
 * via commons-logging; here a sink appender that logs a warning when it has to retry a write),
 * the dispatcher blocks on the root monitor held by the waiting producer: the producer waits for
 * the dispatcher, the dispatcher for the producer. Kind: deadlock (one thread blocked on a
 * monitor, the other in Object.wait on the buffer).
 */
package dev.weft.realworld.reload4j;

import java.io.StringWriter;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.AsyncAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

public final class AsyncDispatcherDeadlock {
  static final int EVENTS = 20;

  /** An appender for a flaky sink: every fourth write is retried, and the retry is logged. */
  static final class FlakySinkAppender extends AppenderSkeleton {
    private final StringWriter sink = new StringWriter();
    private int writes;

    @Override
    protected void append(LoggingEvent event) {
      if (++writes % 4 == 0) {
        Logger.getLogger("sink").warn("write " + writes + " failed, retrying");
      }
      sink.write(event.getRenderedMessage());
      sink.write('\n');
    }

    @Override
    public void close() {
      closed = true;
    }

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }

  public static void main(String[] args) throws Exception {
    AsyncAppender async = new AsyncAppender();
    async.setBufferSize(2);
    async.addAppender(new FlakySinkAppender());
    final Logger root = Logger.getRootLogger();
    root.setLevel(Level.INFO);
    root.addAppender(async);

    Thread[] producers = new Thread[2];
    for (int p = 0; p < producers.length; p++) {
      final int base = p * EVENTS;
      producers[p] =
          new Thread(
              () -> {
                for (int i = 0; i < EVENTS; i++) {
                  root.info("job " + (base + i) + " done");
                }
              },
              "producer-" + p);
      producers[p].start();
    }
    for (Thread t : producers) {
      t.join();
    }
    async.close();
  }
}
