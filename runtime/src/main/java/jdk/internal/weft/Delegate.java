package jdk.internal.weft;

/**
 * What the JDK's own monitors do, as Weft's instrumented {@code java.base} asks: this base class is
 * the JVM's behaviour, for every thread and for any JVM in which Weft never installs its own.
 * Weft's runtime extends it, and for the threads it controls takes each monitor in its model as
 * well, so that a thread that would block inside JDK code is simply not enabled and a JDK-internal
 * {@code wait} hands the turn on. The class lives in {@code java.base} (given to the JVM with
 * {@code --patch-module}), because the JDK's classes can call nothing outside it.
 */
public class Delegate {
  /** Before the JVM's {@code monitorenter} of {@code lock}: the model's entry, which may block. */
  public void enter(Object lock, String where, int line) {}

  /** After the JVM's {@code monitorexit} of {@code lock}: the model's release. */
  public void exited(Object lock) {}

  /** {@code lock.wait(millis, nanos)} in JDK code. */
  public void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    lock.wait(millis, nanos);
  }

  /** {@code lock.notify()} or {@code notifyAll()} in JDK code. */
  public void notify(Object lock, boolean all, String where, int line) {
    if (all) {
      lock.notifyAll();
    } else {
      lock.notify();
    }
  }

  /**
   * {@code LockSupport.park}, {@code parkNanos} ({@code time} the nanoseconds) or {@code parkUntil}
   * ({@code deadline} true, {@code time} the epoch millisecond) in JDK code; an untimed park has a
   * negative {@code time}.
   */
  public void park(Object blocker, long time, boolean deadline, String where, int line) {
    if (deadline) {
      java.util.concurrent.locks.LockSupport.parkUntil(blocker, time);
    } else if (time < 0) {
      java.util.concurrent.locks.LockSupport.park(blocker);
    } else {
      java.util.concurrent.locks.LockSupport.parkNanos(blocker, time);
    }
  }

  /** {@code LockSupport.unpark(thread)} in JDK code. */
  public void unpark(Thread thread, String where, int line) {
    java.util.concurrent.locks.LockSupport.unpark(thread);
  }

  /** {@code task.fork()} in JDK code outside {@code java.util.concurrent}: a parallel stream's. */
  public java.util.concurrent.ForkJoinTask<?> fork(
      java.util.concurrent.ForkJoinTask<?> task, String where, int line) {
    return task.fork();
  }

  /** Before an inner step of one of the JDK's lock-free collections: nothing, for the JVM. */
  public void sharedAccess(int kind, String where, int line) {}

  /** {@code executor.execute(task)} where a {@code CompletableFuture} runs a completion. */
  public void asyncExecute(
      java.util.concurrent.Executor executor, Runnable task, String where, int line) {
    executor.execute(task);
  }

  /**
   * The address a server socket of JDK code binds: as asked, for the JVM. Weft chooses the port of
   * a run's ephemeral listener ({@code port 0}), so that a run that puts its port in a string or a
   * hash sees the same port when replayed.
   */
  public java.net.SocketAddress listenAddress(Object server, java.net.SocketAddress asked) {
    return asked;
  }

  /** A call of another JDK module's code ({@code jdk.httpserver}'s) on a selector. */
  public int select(java.nio.channels.Selector selector, long millis, String where, int line)
      throws java.io.IOException {
    return millis < 0 ? selector.selectNow() : selector.select(millis);
  }

  public java.nio.channels.Selector wakeup(
      java.nio.channels.Selector selector, String where, int line) {
    return selector.wakeup();
  }

  public java.nio.channels.SocketChannel accept(
      java.nio.channels.ServerSocketChannel server, String where, int line)
      throws java.io.IOException {
    return server.accept();
  }

  /** {@code channel.read(buffer)} if {@code read}, else {@code channel.write(buffer)}. */
  public int transfer(
      java.nio.channels.SocketChannel channel,
      java.nio.ByteBuffer buffer,
      boolean read,
      String where,
      int line)
      throws java.io.IOException {
    return read ? channel.read(buffer) : channel.write(buffer);
  }

  /** A connect, finish and gather write of another JDK module's client ({@code java.net.http}). */
  public boolean channelConnect(
      java.nio.channels.SocketChannel channel, java.net.SocketAddress to, String where, int line)
      throws java.io.IOException {
    return channel.connect(to);
  }

  public boolean finishConnect(java.nio.channels.SocketChannel channel, String where, int line)
      throws java.io.IOException {
    return channel.finishConnect();
  }

  public long writeGather(
      java.nio.channels.SocketChannel channel, java.nio.ByteBuffer[] srcs, String where, int line)
      throws java.io.IOException {
    return channel.write(srcs);
  }

  /** The executor another JDK module's code makes for its tasks ({@code HttpClient}'s default). */
  public java.util.concurrent.ExecutorService newCachedThreadPool(
      java.util.concurrent.ThreadFactory factory, String where, int line) {
    return java.util.concurrent.Executors.newCachedThreadPool(factory);
  }

  /** A thread another JDK module's code starts, sleeps, yields or joins. */
  /** A wait of another JDK module's code for a future it made ({@code HttpClient.send}'s). */
  public Object futureGet(java.util.concurrent.CompletableFuture<?> future, String where, int line)
      throws InterruptedException, java.util.concurrent.ExecutionException {
    return future.get();
  }

  public Object futureJoin(
      java.util.concurrent.CompletableFuture<?> future, String where, int line) {
    return future.join();
  }

  public void setDaemon(Thread thread, boolean on, String where, int line) {
    thread.setDaemon(on);
  }

  public void start(Thread thread, String where, int line) {
    thread.start();
  }

  public void sleep(long millis, String where, int line) throws InterruptedException {
    Thread.sleep(millis);
  }

  public void yield(String where, int line) {
    Thread.yield();
  }

  public void join(Thread thread, String where, int line) throws InterruptedException {
    thread.join();
  }

  public long currentTimeMillis() {
    return System.currentTimeMillis();
  }

  /**
   * {@code socket.connect(to, timeout)} (without a timeout if it is negative) in a client of {@code
   * java.base} ({@code sun.net}: {@code HttpURLConnection}'s, FTP's).
   */
  public void socketConnect(
      java.net.Socket socket, java.net.SocketAddress to, int timeout, String where, int line)
      throws java.io.IOException {
    if (timeout < 0) {
      socket.connect(to);
    } else {
      socket.connect(to, timeout);
    }
  }

  public java.io.InputStream socketInput(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    return socket.getInputStream();
  }

  public java.io.OutputStream socketOutput(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    return socket.getOutputStream();
  }

  public void socketClose(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    socket.close();
  }
}
