package dev.weft.runtime.jdk.inside;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.instrument.TargetClassLoader;
import dev.weft.runtime.jdk.JdkClasses;
import dev.weft.runtime.net.Selectors;
import dev.weft.runtime.net.SocketChannels;
import dev.weft.runtime.net.Sockets;
import dev.weft.runtime.resources.RunResources;
import dev.weft.runtime.sync.Monitors;
import dev.weft.runtime.sync.Parking;
import dev.weft.runtime.sync.Threads;
import dev.weft.runtime.time.TargetClock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ThreadFactory;
import jdk.internal.weft.Bridge;
import jdk.internal.weft.Delegate;

/**
 * The JDK's own monitors under Weft's control, where the JVM runs the instrumented {@code
 * java.base} ({@link InstrumentedJdk}): a controlled thread takes each of them in the model as well
 * as in the JVM, so that it never blocks inside the JVM on a monitor another controlled thread
 * holds (it is not enabled until that one leaves), a lock-order cycle through a JDK class's lock is
 * a deadlock finding, and a JDK-internal {@code wait} or {@code notify} is the model's. A park
 * inside JDK code that the run's code called (a parallel stream waiting for its tasks) is the
 * model's park, and an unpark of a controlled thread gives the model's permit; a parallel stream's
 * fork goes to the run's stand-in pool, so the JDK starts no worker thread of its own. Every other
 * thread (the JVM's, Weft's own), and a controlled thread while Weft's model itself runs, gets the
 * JVM's behaviour.
 */
public final class ControlledJdk extends Delegate {
  private static boolean installed;

  private ControlledJdk() {}

  /** Whether this JVM runs the instrumented {@code java.base}. */
  public static boolean inUse() {
    return "java.base".equals(Bridge.class.getModule().getName());
  }

  /** Installs the delegate once, if this JVM runs the instrumented {@code java.base}. */
  public static synchronized void installIfInUse() {
    if (!installed && inUse()) {
      // what served() runs before it knows to stand aside must be loaded already: loading a class
      // reads a jar, whose monitors would come back here
      served();
      Bridge.install(new ControlledJdk());
      installed = true;
    }
  }

  /** The controlled thread whose JDK monitor operation the model serves, or null. */
  private static ControlledThread served() {
    ControlledThread t = ControlledThread.current();
    return t == null || t.inJdk().servingJdk() ? null : t;
  }

  @Override
  public void enter(Object lock, String where, int line) {
    ControlledThread t = served();
    if (t == null) {
      return;
    }
    t.inJdk().servingJdk(true);
    try {
      if (!Monitors.tryEnterInJdk(t, lock)) {
        Monitors.enterInJdk(t, lock, JdkSites.of(t, where, line, "monitorenter"));
      }
    } finally {
      t.inJdk().servingJdk(false);
    }
  }

  @Override
  public void exited(Object lock) {
    ControlledThread t = served();
    if (t == null) {
      return;
    }
    t.inJdk().servingJdk(true);
    try {
      Monitors.exitedInJdk(t, lock);
    } finally {
      t.inJdk().servingJdk(false);
    }
  }

  @Override
  public void await(Object lock, long millis, int nanos, String where, int line)
      throws InterruptedException {
    ControlledThread t = served();
    if (t == null) {
      super.await(lock, millis, nanos, where, line);
      return;
    }
    t.inJdk().servingJdk(true);
    boolean modelled;
    try {
      modelled =
          Monitors.awaitInJdk(t, lock, millis, nanos, () -> JdkSites.of(t, where, line, "wait"));
    } finally {
      t.inJdk().servingJdk(false);
    }
    if (!modelled) {
      super.await(lock, millis, nanos, where, line);
    }
  }

  @Override
  public void notify(Object lock, boolean all, String where, int line) {
    ControlledThread t = served();
    if (t != null) {
      t.inJdk().servingJdk(true);
      try {
        Monitors.notifyInJdk(
            t, lock, all, () -> JdkSites.of(t, where, line, all ? "notifyAll" : "notify"));
      } finally {
        t.inJdk().servingJdk(false);
      }
    }
    if (Thread.holdsLock(lock) || t == null) {
      super.notify(lock, all, where, line); // the JVM's waiters too: threads Weft does not control
    }
  }

  private static final StackWalker STACK =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  /**
   * Whether the JDK code that calls in was called by the run's code (the target's, or a per-run
   * model's), not by Weft's own, which only parks where it expects the JVM's park: the nearest
   * frame outside the JDK and this bridge decides.
   */
  private static boolean calledByRunCode() {
    return nearestFrameIsRunCode(false);
  }

  private static final Package BRIDGE_PACKAGE = ControlledJdk.class.getPackage();

  /**
   * Whether an inner step of a lock-free collection belongs to the run's call on it: called by the
   * run's code, and no frame on the way is the JVM's work done once per JVM (linking a call site or
   * a {@code VarHandle}, loading a class, reflection's caches), which uses the same hash map but
   * would make the first run's steps differ from a replay's.
   */
  private static boolean innerStepOfRunCall() {
    return nearestFrameIsRunCode(true);
  }

  /**
   * Whether the nearest frame outside the JDK and this bridge is the run's code; with {@code
   * notOncePerJvm}, false as well if a JDK frame before it is the JVM's once-per-JVM work.
   */
  private static boolean nearestFrameIsRunCode(boolean notOncePerJvm) {
    return STACK.walk(
        frames -> {
          for (Iterator<StackWalker.StackFrame> i = frames.iterator(); i.hasNext(); ) {
            Class<?> c = i.next().getDeclaringClass();
            if (c.getPackage() == BRIDGE_PACKAGE) {
              continue;
            }
            if (!JdkClasses.isJdkClass(c)) {
              return TargetClassLoader.isRunCode(c);
            }
            if (notOncePerJvm && isOncePerJvm(c.getName())) {
              return false;
            }
          }
          return false;
        });
  }

  private static boolean isOncePerJvm(String className) {
    return className.startsWith("java.lang.invoke.")
        || className.startsWith("jdk.internal.loader.")
        || className.startsWith("jdk.internal.reflect.")
        || className.startsWith("java.lang.reflect.")
        || className.startsWith("sun.invoke.")
        || className.equals("java.lang.ClassLoader")
        || className.equals("java.lang.Class")
        || className.startsWith("java.lang.Class$");
  }

  @Override
  public void park(Object blocker, long time, boolean deadline, String where, int line) {
    ControlledThread t = served();
    if (t == null || !calledByRunCode()) {
      super.park(blocker, time, deadline, where, line);
      return;
    }
    long nanos = time;
    if (deadline) {
      nanos = (time - System.currentTimeMillis()) * 1_000_000L;
      if (nanos <= 0) {
        return;
      }
    }
    t.inJdk().servingJdk(true);
    try {
      Parking.parkInJdk(t, nanos, JdkSites.of(t, where, line, "park"));
    } finally {
      t.inJdk().servingJdk(false);
    }
  }

  @Override
  public void unpark(Thread thread, String where, int line) {
    ControlledThread t = served();
    if (t != null && thread != null) {
      ControlledThread target = t.scheduler().threadOfCarrierOrLogical(thread);
      if (target != null) {
        boolean point = calledByRunCode();
        t.inJdk().servingJdk(true);
        try {
          Parking.unparkInJdk(t, target, point, JdkSites.of(t, where, line, "unpark"));
        } finally {
          t.inJdk().servingJdk(false);
        }
      }
    }
    super.unpark(thread, where, line); // the JVM's too: the thread may be parked in the JVM
  }

  /**
   * A completion a {@code CompletableFuture} hands to the JVM's default async executor (the common
   * pool, or a thread per task where it has one worker) on a controlled thread runs on the run's
   * stand-in for it, as the program's own default-pool stages do: JDK code's stages (the HTTP
   * client's {@code sendAsync}) would otherwise run the program's callbacks on threads the JVM
   * starts. Any other executor is the one the program or the JDK chose.
   */
  @Override
  public void asyncExecute(Executor executor, Runnable task, String where, int line) {
    ControlledThread t = served();
    RunModels models = t == null || !isDefaultAsyncPool(executor) ? null : RunModels.of(t);
    if (models == null) {
      super.asyncExecute(executor, task, where, line);
    } else {
      models.commonPool().execute(task);
    }
  }

  private static boolean isDefaultAsyncPool(Executor executor) {
    return executor == ForkJoinPool.commonPool()
        || executor
            .getClass()
            .getName()
            .equals("java.util.concurrent.CompletableFuture$ThreadPerTaskExecutor");
  }

  @Override
  public SocketAddress listenAddress(Object server, SocketAddress asked) {
    ControlledThread t = served();
    return t == null || !calledByRunCode() ? asked : Sockets.listening(t, server, asked);
  }

  // What another JDK module's code (jdk.httpserver's) does on a controlled thread is the model's,
  // whoever called it: such code is never Weft's own.

  @Override
  public int select(Selector selector, long millis, String where, int line) throws IOException {
    ControlledThread t = served();
    if (t == null) {
      return super.select(selector, millis, where, line);
    }
    int site = JdkSites.of(t, where, line, "Selector.select");
    return millis < 0
        ? Selectors.selectNow(selector, site)
        : Selectors.selectTimed(selector, millis, site);
  }

  @Override
  public Selector wakeup(Selector selector, String where, int line) {
    ControlledThread t = served();
    return t == null
        ? super.wakeup(selector, where, line)
        : Selectors.wakeup(selector, JdkSites.of(t, where, line, "Selector.wakeup"));
  }

  @Override
  public SocketChannel accept(ServerSocketChannel server, String where, int line)
      throws IOException {
    ControlledThread t = served();
    return t == null
        ? super.accept(server, where, line)
        : SocketChannels.accept(server, JdkSites.of(t, where, line, "accept"));
  }

  @Override
  public int transfer(
      SocketChannel channel, ByteBuffer buffer, boolean read, String where, int line)
      throws IOException {
    ControlledThread t = served();
    if (t == null) {
      return super.transfer(channel, buffer, read, where, line);
    }
    int site = JdkSites.of(t, where, line, read ? "SocketChannel.read" : "SocketChannel.write");
    return read
        ? SocketChannels.read(channel, buffer, site)
        : SocketChannels.write(channel, buffer, site);
  }

  @Override
  public boolean channelConnect(SocketChannel channel, SocketAddress to, String where, int line)
      throws IOException {
    ControlledThread t = served();
    if (t == null) {
      return super.channelConnect(channel, to, where, line);
    }
    RunResources.taken(channel);
    return SocketChannels.connect(
        channel, to, JdkSites.of(t, where, line, "SocketChannel.connect"));
  }

  @Override
  public boolean finishConnect(SocketChannel channel, String where, int line) throws IOException {
    ControlledThread t = served();
    return t == null
        ? super.finishConnect(channel, where, line)
        : SocketChannels.finishConnect(
            channel, JdkSites.of(t, where, line, "SocketChannel.finishConnect"));
  }

  @Override
  public long writeGather(SocketChannel channel, ByteBuffer[] srcs, String where, int line)
      throws IOException {
    ControlledThread t = served();
    return t == null
        ? super.writeGather(channel, srcs, where, line)
        : SocketChannels.write(channel, srcs, JdkSites.of(t, where, line, "SocketChannel.write"));
  }

  /**
   * A JDK module's own executor ({@code HttpClient}'s default) made on a controlled thread is the
   * run's model pool, as the program's own {@code Executors.newCachedThreadPool} is: its workers
   * are controlled threads, not threads the JVM runs beside the run.
   */
  @Override
  public ExecutorService newCachedThreadPool(ThreadFactory factory, String where, int line) {
    ControlledThread t = served();
    RunModels models = t == null ? null : RunModels.of(t);
    return models == null
        ? super.newCachedThreadPool(factory, where, line)
        : models.newCachedThreadPool(factory);
  }

  // What java.base's own clients (sun.net: HttpURLConnection's) do with the socket they made, on a
  // controlled thread, is the model's: the socket is the run's, released when the run ends.

  @Override
  public void socketConnect(Socket socket, SocketAddress to, int timeout, String where, int line)
      throws IOException {
    ControlledThread t = served();
    if (t == null) {
      super.socketConnect(socket, to, timeout, where, line);
      return;
    }
    RunResources.taken(socket);
    Sockets.connect(socket, to, timeout, JdkSites.of(t, where, line, "Socket.connect"));
  }

  @Override
  public InputStream socketInput(Socket socket, String where, int line) throws IOException {
    ControlledThread t = served();
    return t == null
        ? super.socketInput(socket, where, line)
        : Sockets.inputStream(socket, JdkSites.of(t, where, line, "Socket.getInputStream"));
  }

  @Override
  public OutputStream socketOutput(Socket socket, String where, int line) throws IOException {
    ControlledThread t = served();
    return t == null
        ? super.socketOutput(socket, where, line)
        : Sockets.outputStream(socket, JdkSites.of(t, where, line, "Socket.getOutputStream"));
  }

  @Override
  public void socketClose(Socket socket, String where, int line) throws IOException {
    ControlledThread t = served();
    if (t == null) {
      super.socketClose(socket, where, line);
    } else {
      Sockets.close(socket, JdkSites.of(t, where, line, "Socket.close"));
    }
  }

  /** A JDK module's wait for a future is the run's: see {@link JdkFutureWait}. */
  @Override
  public Object futureGet(CompletableFuture<?> future, String where, int line)
      throws InterruptedException, ExecutionException {
    ControlledThread t = served();
    if (t != null) {
      JdkFutureWait.await(t, future, JdkSites.of(t, where, line, "CompletableFuture.get"));
    }
    return super.futureGet(future, where, line);
  }

  @Override
  public Object futureJoin(CompletableFuture<?> future, String where, int line) {
    ControlledThread t = served();
    if (t != null) {
      JdkFutureWait.await(t, future, JdkSites.of(t, where, line, "CompletableFuture.join"));
    }
    return super.futureJoin(future, where, line);
  }

  /** The flag the run's end depends on: a JDK module's daemon thread does not keep it going. */
  @Override
  public void setDaemon(Thread thread, boolean on, String where, int line) {
    if (served() == null) {
      super.setDaemon(thread, on, where, line);
    } else {
      Threads.setDaemon(thread, on);
    }
  }

  @Override
  public void start(Thread thread, String where, int line) {
    ControlledThread t = served();
    if (t == null) {
      super.start(thread, where, line);
    } else {
      Threads.start(thread, JdkSites.of(t, where, line, "start"));
    }
  }

  @Override
  public void sleep(long millis, String where, int line) throws InterruptedException {
    ControlledThread t = served();
    if (t == null) {
      super.sleep(millis, where, line);
    } else {
      Threads.sleep(millis, JdkSites.of(t, where, line, "sleep"));
    }
  }

  @Override
  public void yield(String where, int line) {
    ControlledThread t = served();
    if (t == null) {
      super.yield(where, line);
    } else {
      Threads.yield(JdkSites.of(t, where, line, "yield"));
    }
  }

  @Override
  public void join(Thread thread, String where, int line) throws InterruptedException {
    ControlledThread t = served();
    if (t == null) {
      super.join(thread, where, line);
    } else {
      Threads.join(thread, JdkSites.of(t, where, line, "join"));
    }
  }

  @Override
  public long currentTimeMillis() {
    return served() == null ? super.currentTimeMillis() : TargetClock.currentTimeMillis();
  }

  @Override
  public ForkJoinTask<?> fork(ForkJoinTask<?> task, String where, int line) {
    ControlledThread t = served();
    RunModels models = t == null ? null : RunModels.of(t);
    return models == null ? super.fork(task, where, line) : models.fork(task);
  }

  private static final dev.weft.trace.EventKind[] ACCESS_KINDS = {
    dev.weft.trace.EventKind.READ, dev.weft.trace.EventKind.WRITE, dev.weft.trace.EventKind.UPDATE
  };

  private static final String[] ACCESS_NAMES = {"read", "write", "update"};

  @Override
  public void sharedAccess(int kind, String where, int line) {
    ControlledThread t = served();
    if (t == null) {
      return;
    }
    long location = t.inJdk().insideLockFree();
    if (location == 0 || t.inAtomicSection()) {
      return; // not inside a target's reading call, or inside an atomic call within its callback
    }
    t.inJdk().servingJdk(true); // the stack walk below reads hash maps whose steps come back here
    try {
      if (!innerStepOfRunCall()) {
        return; // Weft's own use of the class, or the JVM's linking on the way
      }
      t.scheduler()
          .point(
              t,
              ACCESS_KINDS[kind],
              location,
              JdkSites.of(t, where, line, ACCESS_NAMES[kind]),
              null,
              0);
    } finally {
      t.inJdk().servingJdk(false);
    }
  }
}
