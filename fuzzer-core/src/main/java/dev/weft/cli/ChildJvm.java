package dev.weft.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs this same Weft command in a new JVM that has the user's {@code --jvm-opt} options. Weft runs
 * the target in its own JVM, and most JVM options ({@code --add-opens}, {@code -Xmx}, system
 * properties read during start-up) take effect only when a JVM starts, so Weft starts one: the same
 * {@code java}, class path and JVM options as this one, plus the user's, plus a marker so that the
 * child runs the command itself. The child's output is copied to this JVM's {@code System.out} and
 * {@code System.err} (so it goes wherever they go), its exit code becomes this command's, and when
 * this JVM is stopped (Ctrl-C, {@code kill}) it stops the child and waits for it to write its
 * summary; when this JVM is killed outright, the child notices and stops itself ({@link
 * ParentWatch}).
 */
final class ChildJvm {
  /** Set in the child: the options are in effect, run the command here. */
  static final String MARKER = "weft.jvmOptionsApplied";

  private static final long CHILD_EXIT_SECONDS = 20;

  private ChildJvm() {}

  /**
   * Whether this JVM already runs with {@code options}; if not, {@link #run} starts one that does.
   */
  static boolean inEffect(List<String> options) {
    return options.isEmpty()
        || Boolean.getBoolean(MARKER)
        || ManagementFactory.getRuntimeMXBean().getInputArguments().containsAll(options);
  }

  /** Runs Weft with {@code weftArgs} in a child JVM with {@code options}; returns its exit code. */
  static int run(List<String> options, List<String> weftArgs, PrintStream out, PrintStream err)
      throws IOException {
    Process child =
        new ProcessBuilder(command(options, weftArgs))
            .redirectInput(ProcessBuilder.Redirect.INHERIT)
            .start();
    Thread copyOut = copy(child.getInputStream(), out, "weft-child-stdout");
    Thread copyErr = copy(child.getErrorStream(), err, "weft-child-stderr");
    Thread stopChild =
        new Thread(
            () -> {
              // SIGTERM through the handle: Process.destroy() would also close the pipes, and the
              // summary the child's shutdown hook writes would be lost
              child.toHandle().destroy();
              awaitQuietly(child, copyOut, copyErr);
            },
            "weft-stop-child");
    Runtime.getRuntime().addShutdownHook(stopChild);
    try {
      int code = child.waitFor();
      copyOut.join();
      copyErr.join();
      return code;
    } catch (InterruptedException e) {
      child.toHandle().destroy();
      awaitQuietly(child, copyOut, copyErr);
      Thread.currentThread().interrupt();
      return WeftCli.USAGE;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stopChild);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running and waits for the child
      }
    }
  }

  static List<String> command(List<String> options, List<String> weftArgs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaExecutable());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!isDebugger(arg)
          && !arg.startsWith("-D" + ParentWatch.PROPERTY + "=")
          && !JdkChoice.isPatchOption(arg)) {
        cmd.add(arg); // -Xss4m and the like, which Weft itself needs
      }
    }
    cmd.addAll(agentLoading(Runtime.version().feature(), cmd));
    cmd.addAll(JdkChoice.expand(options, System.err));
    cmd.add("-D" + MARKER + "=true");
    cmd.add(ParentWatch.optionForChild()); // it ends soon after this JVM, even after kill -9
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(WeftCli.class.getName());
    cmd.addAll(weftArgs);
    return cmd;
  }

  /**
   * The option that lets the child attach Weft's class-definition agent to itself, as it does at
   * its first run ({@code -cp}, so no launcher agent): without it, JDK 21 and later print a
   * four-line warning that an agent was loaded dynamically into every child and worker. Older JDKs
   * do not know the option (and would not start with it); a command that has it already needs it
   * not twice.
   */
  static List<String> agentLoading(int jdkFeature, List<String> command) {
    String allow = "-XX:+EnableDynamicAgentLoading";
    return jdkFeature >= 21 && !command.contains(allow) ? List.of(allow) : List.of();
  }

  private static String javaExecutable() {
    return ProcessHandle.current()
        .info()
        .command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  /** A debugger agent listens on a port, which the child could not open a second time. */
  private static boolean isDebugger(String arg) {
    return arg.startsWith("-agentlib:jdwp") || arg.startsWith("-Xrunjdwp");
  }

  private static Thread copy(InputStream from, PrintStream to, String name) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[8192];
              try {
                for (int n; (n = from.read(buf)) >= 0; ) {
                  to.write(buf, 0, n);
                  to.flush();
                }
              } catch (IOException e) {
                // the child is gone; nothing more to copy
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void awaitQuietly(Process child, Thread... copies) {
    try {
      if (!child.waitFor(CHILD_EXIT_SECONDS, TimeUnit.SECONDS)) {
        child.destroyForcibly();
      }
      for (Thread t : copies) {
        t.join(TimeUnit.SECONDS.toMillis(1));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
