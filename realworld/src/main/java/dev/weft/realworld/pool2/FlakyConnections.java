package dev.weft.realworld.pool2;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

/**
 * A connection factory whose first attempt is refused ({@link ConnectRefused}) after a short
 * connect delay, and the blocking pool both pool2 programs borrow from (unbounded wait, as
 * commons-dbcp's default; JMX off, so that a fresh pool per execution registers nothing).
 */
final class FlakyConnections extends BasePooledObjectFactory<StringBuilder> {
  private final AtomicInteger attempts = new AtomicInteger();

  @Override
  public StringBuilder create() throws InterruptedException {
    int attempt = attempts.incrementAndGet();
    Thread.sleep(1); // the connect round trip
    if (attempt == 1) {
      throw new ConnectRefused("connection attempt " + attempt + " refused");
    }
    return new StringBuilder("connection ").append(attempt);
  }

  @Override
  public PooledObject<StringBuilder> wrap(StringBuilder connection) {
    return new DefaultPooledObject<>(connection);
  }

  static GenericObjectPool<StringBuilder> pool(int maxTotal) {
    GenericObjectPoolConfig config = new GenericObjectPoolConfig();
    config.setMaxTotal(maxTotal);
    config.setBlockWhenExhausted(true);
    config.setMaxWaitMillis(-1);
    config.setJmxEnabled(false);
    return new GenericObjectPool<>(new FlakyConnections(), config);
  }

  /** Borrows a connection, uses it and gives it back; a refused connect ends the thread. */
  static void query(GenericObjectPool<StringBuilder> pool) {
    StringBuilder connection;
    try {
      connection = pool.borrowObject();
    } catch (ConnectRefused expected) {
      throw expected;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    connection.append(" used by ").append(Thread.currentThread().getName());
    pool.returnObject(connection);
  }
}
