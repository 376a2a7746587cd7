package dev.weft.fuzz.output;

import dev.weft.runtime.control.ControlledThread;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Keeps the target's own console output from flooding Weft's: a campaign runs the target thousands
 * of times, and a line printed by its {@code main} or a static initialiser would be printed every
 * time. While installed, {@code System.out} and {@code System.err} route each write by the thread
 * that makes it: writes of the threads Weft controls (the target's) are kept for the execution in
 * progress ({@link CapturedOutput}) and printed only if that execution asks for it; writes of every
 * other thread (Weft's progress, a JDK thread) go straight to the streams that were there before.
 * Swapping the streams per execution would not do: {@code System.setOut} is global, and Weft prints
 * while the target runs.
 */
public final class TargetOutput implements AutoCloseable {
  private final PrintStream realOut;
  private final PrintStream realErr;
  private final PrintStream routedOut;
  private final PrintStream routedErr;
  private final Charset charset;
  private volatile Execution current;

  /** One execution's capture, and whether its output is also printed. */
  private record Execution(CapturedOutput output, boolean echo) {}

  private TargetOutput() {
    realOut = System.out;
    realErr = System.err;
    charset = encodingOf("stdout.encoding");
    routedOut = new PrintStream(new Router(realOut), true, charset);
    routedErr = new PrintStream(new Router(realErr), true, encodingOf("stderr.encoding"));
  }

  /** Routes {@code System.out} and {@code System.err} until {@link #close()}. */
  public static TargetOutput install() {
    TargetOutput output = new TargetOutput();
    System.setOut(output.routedOut);
    System.setErr(output.routedErr);
    return output;
  }

  /** Starts keeping the target's output; {@code echo}: print it as well. */
  public void beginExecution(boolean echo) {
    current = new Execution(new CapturedOutput(charset), echo);
  }

  /** What the target wrote since {@link #beginExecution}. */
  public CapturedOutput endExecution() {
    Execution e = current;
    current = null;
    return e == null ? new CapturedOutput(charset) : e.output();
  }

  @Override
  public void close() {
    routedOut.flush();
    routedErr.flush();
    if (System.out == routedOut) {
      System.setOut(realOut);
    }
    if (System.err == routedErr) {
      System.setErr(realErr);
    }
  }

  /** The encoding the JVM chose for the console stream, so the target's text is printed as is. */
  private static Charset encodingOf(String property) {
    String name = System.getProperty(property, System.getProperty("sun." + property));
    try {
      return name == null ? Charset.defaultCharset() : Charset.forName(name);
    } catch (IllegalArgumentException e) {
      return Charset.defaultCharset();
    }
  }

  /** Sends one stream's bytes to the execution's capture or to the real stream, by thread. */
  private final class Router extends OutputStream {
    private final PrintStream real;

    Router(PrintStream real) {
      this.real = real;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      Execution e = current;
      if (e == null || ControlledThread.current() == null) {
        real.write(b, off, len);
        return;
      }
      e.output().write(b, off, len);
      if (e.echo()) {
        real.write(b, off, len);
      }
    }

    @Override
    public void flush() {
      real.flush();
    }
  }
}
