package dev.weft.runtime.resources;

import java.io.Closeable;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.Channel;
import java.nio.channels.FileLock;
import java.nio.channels.Pipe;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How each kind of resource a run took is given back, and whether it still needs to be: a process
 * is killed forcibly (its descendants first) and the pipes to it closed, a lock released, a {@code
 * Pipe}'s two channels closed, anything else closed. Failures are ignored: the resource belongs to
 * a run that is over.
 */
final class Release {
  /** How long the killed processes of one run are waited for, together. */
  private static final long PROCESS_EXIT_MILLIS = 2_000;

  private final List<Process> killed = new ArrayList<>();

  /** Whether {@code r} may still hold its resource: false only when it says it does not. */
  static boolean stillHeld(Object r) {
    try {
      if (r instanceof Process p) {
        return p.isAlive();
      }
      if (r instanceof FileLock l) {
        return l.isValid();
      }
      if (r instanceof Channel c) {
        return c.isOpen();
      }
      if (r instanceof Selector s) {
        return s.isOpen();
      }
      if (r instanceof Pipe p) {
        return p.source().isOpen() || p.sink().isOpen();
      }
      if (r instanceof Socket s) {
        return !s.isClosed();
      }
      if (r instanceof ServerSocket s) {
        return !s.isClosed();
      }
      if (r instanceof DatagramSocket s) {
        return !s.isClosed();
      }
      if (r instanceof FileInputStream s) {
        return s.getFD().valid();
      }
      if (r instanceof FileOutputStream s) {
        return s.getFD().valid();
      }
      if (r instanceof RandomAccessFile f) {
        return f.getFD().valid();
      }
    } catch (IOException | RuntimeException e) {
      return true;
    }
    return true;
  }

  void release(Object r) {
    try {
      if (r instanceof Process p) {
        kill(p);
      } else if (r instanceof FileLock l) {
        l.release();
      } else if (r instanceof Pipe p) {
        closeQuietly(p.sink());
        closeQuietly(p.source());
      } else if (r instanceof AutoCloseable c) {
        c.close();
      }
    } catch (Exception | LinkageError e) {
      // the run is over: what its resource says on closing no longer matters
    }
  }

  private void kill(Process p) {
    try {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
    } catch (UnsupportedOperationException | SecurityException e) {
      // the process itself is killed all the same
    }
    p.destroyForcibly();
    killed.add(p);
    closeQuietly(p.getOutputStream());
    closeQuietly(p.getInputStream());
    closeQuietly(p.getErrorStream());
  }

  private static void closeQuietly(Closeable c) {
    try {
      c.close();
    } catch (IOException e) {
      // a pipe to a killed process
    }
  }

  /** Waits a little for the killed processes to be gone, so that the next run cannot meet them. */
  void awaitProcesses() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROCESS_EXIT_MILLIS);
    for (Process p : killed) {
      try {
        long left = deadline - System.nanoTime();
        if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
          return;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
