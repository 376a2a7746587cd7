package jdk.internal.weft;

/**
 * The static entry points that Weft's instrumented {@code java.base} calls around its monitors,
 * waits and notifications, in place of its {@code LockSupport} parks, and in place of the forks by
 * which its parallel streams hand work to the common pool. Each forwards to the {@link Delegate}
 * installed, which until Weft installs its own is the JVM's behaviour. Nothing here may take a
 * monitor or load a class beyond these two: the JDK calls in while it is still starting.
 */
public final class Bridge {
  private static volatile Delegate delegate = new Delegate();

  private Bridge() {}

  /** Installs Weft's delegate; the instrumented JDK is in use from then on. */
  public static void install(Delegate d) {
    delegate = d == null ? new Delegate() : d;
  }

  public static void monitorEnter(Object lock, String where, int line) {
    delegate.enter(lock, where, line);
  }

  public static void monitorExited(Object lock) {
    delegate.exited(lock);
  }

  public static void await(Object lock, String where, int line) throws InterruptedException {
    delegate.await(lock, 0L, 0, where, line);
  }

  public static void await(Object lock, long millis, String where, int line)
      throws InterruptedException {
    delegate.await(lock, millis, 0, where, line);
  }

  public static void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    delegate.await(lock, millis, nanos, where, line);
  }

  public static void notify(Object lock, String where, int line) {
    delegate.notify(lock, false, where, line);
  }

  public static void notifyAll(Object lock, String where, int line) {
    delegate.notify(lock, true, where, line);
  }

  public static void park(String where, int line) {
    delegate.park(null, -1L, false, where, line);
  }

  public static void park(Object blocker, String where, int line) {
    delegate.park(blocker, -1L, false, where, line);
  }

  public static void parkNanos(long nanos, String where, int line) {
    if (nanos > 0) { // as LockSupport: no wait at all otherwise
      delegate.park(null, nanos, false, where, line);
    }
  }

  public static void parkNanos(Object blocker, long nanos, String where, int line) {
    if (nanos > 0) {
      delegate.park(blocker, nanos, false, where, line);
    }
  }

  public static void parkUntil(long deadline, String where, int line) {
    delegate.park(null, deadline, true, where, line);
  }

  public static void parkUntil(Object blocker, long deadline, String where, int line) {
    delegate.park(blocker, deadline, true, where, line);
  }

  public static void unpark(Thread thread, String where, int line) {
    delegate.unpark(thread, where, line);
  }

  public static java.util.concurrent.ForkJoinTask<?> fork(
      java.util.concurrent.ForkJoinTask<?> task, String where, int line) {
    return delegate.fork(task, where, line);
  }

  /**
   * Before an inner step of one of the JDK's lock-free collections: {@code kind} 0 a read, 1 a
   * write, 2 an update (a CAS).
   */
  public static void sharedAccess(int kind, String where, int line) {
    delegate.sharedAccess(kind, where, line);
  }

  /** A completion's hand-over to an executor inside {@code CompletableFuture}. */
  public static void asyncExecute(
      java.util.concurrent.Executor executor, Runnable task, String where, int line) {
    delegate.asyncExecute(executor, task, where, line);
  }

  /** At the start of a server socket's {@code bind}: the address it binds. */
  public static java.net.SocketAddress listenAddress(Object server, java.net.SocketAddress asked) {
    return delegate.listenAddress(server, asked);
  }

  // Calls of another JDK module's code (jdk.httpserver's), by the shape of the call they replace.

  public static int select(java.nio.channels.Selector selector, long millis, String where, int line)
      throws java.io.IOException {
    return delegate.select(selector, millis, where, line);
  }

  public static int selectNow(java.nio.channels.Selector selector, String where, int line)
      throws java.io.IOException {
    return delegate.select(selector, -1, where, line);
  }

  public static java.nio.channels.Selector wakeup(
      java.nio.channels.Selector selector, String where, int line) {
    return delegate.wakeup(selector, where, line);
  }

  public static java.nio.channels.SocketChannel accept(
      java.nio.channels.ServerSocketChannel server, String where, int line)
      throws java.io.IOException {
    return delegate.accept(server, where, line);
  }

  public static int read(
      java.nio.channels.SocketChannel channel, java.nio.ByteBuffer dst, String where, int line)
      throws java.io.IOException {
    return delegate.transfer(channel, dst, true, where, line);
  }

  public static int write(
      java.nio.channels.SocketChannel channel, java.nio.ByteBuffer src, String where, int line)
      throws java.io.IOException {
    return delegate.transfer(channel, src, false, where, line);
  }

  public static boolean channelConnect(
      java.nio.channels.SocketChannel channel, java.net.SocketAddress to, String where, int line)
      throws java.io.IOException {
    return delegate.channelConnect(channel, to, where, line);
  }

  public static boolean finishConnect(
      java.nio.channels.SocketChannel channel, String where, int line) throws java.io.IOException {
    return delegate.finishConnect(channel, where, line);
  }

  public static long writeGather(
      java.nio.channels.SocketChannel channel, java.nio.ByteBuffer[] srcs, String where, int line)
      throws java.io.IOException {
    return delegate.writeGather(channel, srcs, where, line);
  }

  public static java.util.concurrent.ExecutorService newCachedThreadPool(
      java.util.concurrent.ThreadFactory factory, String where, int line) {
    return delegate.newCachedThreadPool(factory, where, line);
  }

  public static Object futureGet(
      java.util.concurrent.CompletableFuture<?> future, String where, int line)
      throws InterruptedException, java.util.concurrent.ExecutionException {
    return delegate.futureGet(future, where, line);
  }

  public static Object futureJoin(
      java.util.concurrent.CompletableFuture<?> future, String where, int line) {
    return delegate.futureJoin(future, where, line);
  }

  public static void setDaemon(Thread thread, boolean on, String where, int line) {
    delegate.setDaemon(thread, on, where, line);
  }

  public static void start(Thread thread, String where, int line) {
    delegate.start(thread, where, line);
  }

  public static void sleep(long millis, String where, int line) throws InterruptedException {
    delegate.sleep(millis, where, line);
  }

  public static void yield(String where, int line) {
    delegate.yield(where, line);
  }

  public static void join(Thread thread, String where, int line) throws InterruptedException {
    delegate.join(thread, where, line);
  }

  public static long currentTimeMillis() {
    return delegate.currentTimeMillis();
  }

  // Calls of java.base's own clients (sun.net: HttpURLConnection, FTP) on the socket they made.

  public static void socketConnect(
      java.net.Socket socket, java.net.SocketAddress to, String where, int line)
      throws java.io.IOException {
    delegate.socketConnect(socket, to, -1, where, line);
  }

  public static void socketConnectTimed(
      java.net.Socket socket, java.net.SocketAddress to, int timeout, String where, int line)
      throws java.io.IOException {
    delegate.socketConnect(socket, to, timeout, where, line);
  }

  public static java.io.InputStream socketInput(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    return delegate.socketInput(socket, where, line);
  }

  public static java.io.OutputStream socketOutput(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    return delegate.socketOutput(socket, where, line);
  }

  public static void socketClose(java.net.Socket socket, String where, int line)
      throws java.io.IOException {
    delegate.socketClose(socket, where, line);
  }
}
