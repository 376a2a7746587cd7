package dev.weft.realworld.stress;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Native stress baseline for the real-world benchmark: runs a program's {@code main} again and
 * again, each time in a fresh {@link URLClassLoader} over the program's class path (parent: the
 * platform class loader, so statics never leak between executions), on the JVM's own scheduler.
 *
 * <p>An execution fails when any of its threads ends with an uncaught exception (main included), or
 * when it has not finished within the watchdog time: then {@link
 * ThreadMXBean#findDeadlockedThreads()} tells a monitor/lock deadlock from another hang. An
 * execution is finished when {@code main} has returned and every thread it started (they share a
 * thread group) has ended. After a hang the stuck threads are abandoned and the run stops: the bug
 * is found. The result is one JSON line on stdout.
 *
 * <p>{@code --ignore-exception CLASS} (repeatable, as Weft's option of the same name) names an
 * exception the program throws on purpose, a fault its test injects to reach a failure path: a
 * thread that dies of it (or of a subclass) is no failure, and the rest of the execution is still
 * judged (a hang that follows it is found).
 *
 * <pre>
 * java -cp realworld/target/classes dev.weft.realworld.stress.Stress \
 *     --main CLASS --cp PATH --seconds 60 [--watchdog 5] [--ignore-exception CLASS]...
 *     [--args a b ...]
 * </pre>
 */
public final class Stress {

  private Stress() {}

  /** What went wrong in one execution, or null. */
  private static final class Failure {
    final String kind;
    final String message;

    Failure(String kind, String message) {
      this.kind = kind;
      this.message = message;
    }
  }

  public static void main(String[] args) throws Exception {
    String mainClass = null;
    String cp = null;
    double seconds = 60;
    double watchdog = 5;
    List<String> progArgs = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--main":
          mainClass = args[++i];
          break;
        case "--cp":
          cp = args[++i];
          break;
        case "--seconds":
          seconds = Double.parseDouble(args[++i]);
          break;
        case "--watchdog":
          watchdog = Double.parseDouble(args[++i]);
          break;
        case "--ignore-exception":
          expected.add(args[++i]);
          break;
        case "--args":
          while (i + 1 < args.length) {
            progArgs.add(args[++i]);
          }
          break;
        default:
          throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (mainClass == null || cp == null) {
      System.err.println(
          "usage: Stress --main CLASS --cp PATH [--seconds S] [--watchdog S]"
              + " [--ignore-exception CLASS]...");
      System.exit(2);
    }
    URL[] urls = toUrls(cp);
    ClassLoader parent = platformLoader();
    String[] argv = progArgs.toArray(new String[0]);

    long start = System.nanoTime();
    long deadline = start + (long) (seconds * 1e9);
    long executions = 0;
    Failure failure = null;
    double secondsToBug = -1;
    long maxExecMillis = 0;
    while (System.nanoTime() < deadline) {
      executions++;
      long t0 = System.nanoTime();
      failure =
          runOnce(mainClass, urls, parent, argv, (long) (watchdog * 1000), executions, expected);
      maxExecMillis = Math.max(maxExecMillis, (System.nanoTime() - t0) / 1_000_000);
      if (failure != null) {
        secondsToBug = (System.nanoTime() - start) / 1e9;
        break;
      }
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    StringBuilder json = new StringBuilder();
    json.append('{');
    json.append("\"main\":\"").append(esc(mainClass)).append('"');
    json.append(",\"executions\":").append(executions);
    json.append(",\"seconds\":").append(fmt(elapsed));
    json.append(",\"execsPerSecond\":").append(fmt(executions / Math.max(elapsed, 1e-9)));
    json.append(",\"maxExecutionMillis\":").append(maxExecMillis);
    json.append(",\"found\":").append(failure != null);
    if (failure != null) {
      json.append(",\"kind\":\"").append(esc(failure.kind)).append('"');
      json.append(",\"message\":\"").append(esc(failure.message)).append('"');
      json.append(",\"executionsToBug\":").append(executions);
      json.append(",\"secondsToBug\":").append(fmt(secondsToBug));
    }
    json.append('}');
    System.out.println(json);
    System.out.flush();
    // Stuck threads of a hung execution may be non-daemon: leave without waiting for them.
    System.exit(0);
  }

  private static Failure runOnce(
      String mainClass,
      URL[] urls,
      ClassLoader parent,
      String[] argv,
      long watchdogMillis,
      long n,
      List<String> expected)
      throws Exception {
    URLClassLoader loader = new URLClassLoader(urls, parent);
    loader.setDefaultAssertionStatus(true);
    ThreadGroup group = new ThreadGroup("stress-" + n);
    final Throwable[] uncaught = new Throwable[1];
    final String[] uncaughtThread = new String[1];
    Thread.UncaughtExceptionHandler handler =
        (t, e) -> {
          if (isExpected(e, expected)) {
            return;
          }
          synchronized (uncaught) {
            if (uncaught[0] == null) {
              uncaught[0] = e;
              uncaughtThread[0] = t.getName();
            }
          }
        };
    Thread.setDefaultUncaughtExceptionHandler(handler);
    Thread mainThread =
        new Thread(
            group,
            () -> {
              ClassLoader old = Thread.currentThread().getContextClassLoader();
              Thread.currentThread().setContextClassLoader(loader);
              try {
                Class<?> c = Class.forName(mainClass, true, loader);
                Method m = c.getMethod("main", String[].class);
                m.invoke(null, (Object) argv.clone());
              } catch (InvocationTargetException e) {
                handler.uncaughtException(Thread.currentThread(), e.getCause());
              } catch (ReflectiveOperationException e) {
                handler.uncaughtException(Thread.currentThread(), e);
              } finally {
                Thread.currentThread().setContextClassLoader(old);
              }
            },
            "main");
    mainThread.setContextClassLoader(loader);
    mainThread.start();
    long deadline = System.currentTimeMillis() + watchdogMillis;
    boolean finished = false;
    while (System.currentTimeMillis() < deadline) {
      if (!mainThread.isAlive() && liveThreads(group).isEmpty()) {
        finished = true;
        break;
      }
      Thread.sleep(1);
    }
    synchronized (uncaught) {
      if (uncaught[0] != null) {
        return new Failure(
            "exception", "thread " + uncaughtThread[0] + ": " + describe(uncaught[0]));
      }
    }
    if (!finished) {
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      long[] dead = mx.findDeadlockedThreads();
      List<Thread> live = liveThreads(group);
      if (mainThread.isAlive() && !live.contains(mainThread)) {
        live.add(mainThread);
      }
      StringBuilder who = new StringBuilder();
      for (Thread t : live) {
        ThreadInfo info = mx.getThreadInfo(t.getId(), 3);
        if (info == null) {
          continue;
        }
        if (who.length() > 0) {
          who.append("; ");
        }
        who.append(t.getName()).append(' ').append(info.getThreadState());
        StackTraceElement[] st = info.getStackTrace();
        if (st.length > 0) {
          who.append(" at ").append(st[0]);
        }
        if (info.getLockName() != null) {
          who.append(" on ").append(info.getLockName());
        }
      }
      boolean ours = false;
      if (dead != null) {
        for (long id : dead) {
          for (Thread t : live) {
            ours |= t.getId() == id;
          }
        }
      }
      return new Failure(ours ? "deadlock" : "hang", who.toString());
    }
    loader.close();
    return null;
  }

  /** True when {@code e} is of one of the expected classes (by name) or a subclass of one. */
  private static boolean isExpected(Throwable e, List<String> expected) {
    for (Class<?> c = e.getClass(); c != null; c = c.getSuperclass()) {
      if (expected.contains(c.getName())) {
        return true;
      }
    }
    return false;
  }

  private static List<Thread> liveThreads(ThreadGroup group) {
    Thread[] ts = new Thread[group.activeCount() + 16];
    int k = group.enumerate(ts, true);
    List<Thread> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      if (ts[i].isAlive()) {
        out.add(ts[i]);
      }
    }
    return out;
  }

  private static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(e.toString());
    StackTraceElement[] st = e.getStackTrace();
    for (int i = 0; i < Math.min(3, st.length); i++) {
      sb.append(" at ").append(st[i]);
    }
    return sb.toString();
  }

  private static URL[] toUrls(String cp) throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String part : cp.split(File.pathSeparator)) {
      if (!part.isEmpty()) {
        urls.add(new File(part).toURI().toURL());
      }
    }
    return urls.toArray(new URL[0]);
  }

  private static ClassLoader platformLoader() throws Exception {
    // ClassLoader.getPlatformClassLoader() (Java 9+), called reflectively: this module compiles
    // to Java 8 class files for the old bytecode libraries it drives.
    return (ClassLoader) ClassLoader.class.getMethod("getPlatformClassLoader").invoke(null);
  }

  private static String fmt(double d) {
    return String.format(Locale.ROOT, "%.3f", d);
  }

  private static String esc(String s) {
    StringBuilder sb = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(' ');
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
