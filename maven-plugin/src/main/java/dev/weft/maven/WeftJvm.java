package dev.weft.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/**
 * Runs Weft's command line in a JVM of its own, as Surefire runs tests: Weft attaches an agent to
 * the JVM it runs in, replaces the system's output streams and class loading for the target, and
 * stops a run by ending threads, none of which belongs in Maven's own JVM. The JVM is the {@code
 * java} Maven runs on (the JDK the project builds with), its class path Weft's jars (the plugin's
 * dependencies); the project's classes go to Weft as {@code --cp}. Its output goes straight to
 * Maven's console, so the status screen draws in place in a terminal. If Maven is stopped, the JVM
 * is stopped too and given time to write the campaign's summary.
 */
final class WeftJvm {
  /** The command line's main class. */
  static final String MAIN = "dev.weft.cli.WeftCli";

  /**
   * Read by Weft's command line: it ends itself once the process with this id is gone (so a Maven
   * killed outright leaves no campaign running), as Weft's own worker JVMs do.
   */
  static final String PARENT_PID = "weft.parentPid";

  private static final long STOP_SECONDS = 20;

  private final Path java;
  private final List<Path> weftClassPath;
  private final Path agentJar;
  private final List<String> jvmOptions;
  private final Log log;

  /**
   * @param agentJar Byte Buddy's agent jar, given to the JVM as {@code -javaagent} so that Weft has
   *     its instrumentation from the start instead of attaching to itself (which JDK 21+ warns
   *     about and a later JDK will refuse); null: Weft attaches
   */
  WeftJvm(Path java, List<Path> weftClassPath, Path agentJar, List<String> jvmOptions, Log log) {
    this.java = java;
    this.weftClassPath = List.copyOf(weftClassPath);
    this.agentJar = agentJar;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.log = log;
  }

  /** The {@code java} of the JVM Maven runs on. */
  static Path currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** The whole command line that runs {@code weft <weftArgs>}. */
  List<String> command(List<String> weftArgs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.add("-Xss4m"); // as scripts/weft: deep recursion in instrumented targets
    cmd.add("-XX:+UseParallelGC");
    // the class-definition agent (DefinedClasses): given at start-up, or attached by Weft
    if (agentJar != null) {
      cmd.add("-javaagent:" + agentJar);
    }
    cmd.add("-Djdk.attach.allowAttachSelf=true");
    // JNA pins carriers to a processor (CarrierCpu); JDK 22+ warns without it
    cmd.add("--enable-native-access=ALL-UNNAMED");
    cmd.add("-D" + PARENT_PID + "=" + ProcessHandle.current().pid());
    // the replay command Weft prints is the goal a Maven user has, not a weft command
    cmd.add("-Dweft.replayCommand=mvn weft:replay -Dweft.finding=");
    // the user's options apply to this JVM too, so Weft need not start another one for them
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(
        weftClassPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    cmd.add(MAIN);
    cmd.addAll(weftArgs);
    return cmd;
  }

  /** Runs {@code weft <weftArgs>} and returns its exit code (see {@code weft --help}). */
  int run(List<String> weftArgs) throws MojoExecutionException {
    List<String> cmd = command(weftArgs);
    if (log.isDebugEnabled()) {
      log.debug("[weft] " + String.join(" ", cmd));
    }
    Process child;
    try {
      child = new ProcessBuilder(cmd).inheritIO().start();
    } catch (IOException e) {
      throw new MojoExecutionException("cannot start " + java + " to run Weft: " + e, e);
    }
    Thread stop = new Thread(() -> stop(child), "weft-stop-jvm");
    Runtime.getRuntime().addShutdownHook(stop);
    try {
      return child.waitFor();
    } catch (InterruptedException e) {
      stop(child);
      Thread.currentThread().interrupt();
      throw new MojoExecutionException("interrupted while Weft ran", e);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs and waits for the JVM
      }
    }
  }

  /** SIGTERM, so Weft's own shutdown hook writes the campaign's summary; forcibly if it hangs. */
  private static void stop(Process child) {
    child.toHandle().destroy();
    try {
      if (!child.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        child.destroyForcibly();
      }
    } catch (InterruptedException e) {
      child.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
