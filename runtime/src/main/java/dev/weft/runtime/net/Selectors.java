package dev.weft.runtime.net;

import static dev.weft.runtime.net.Sockets.location;

import dev.weft.runtime.control.ControlledThread;
import dev.weft.runtime.control.Scheduler;
import dev.weft.runtime.control.Wait;
import dev.weft.runtime.jdk.JdkCode;
import dev.weft.trace.EventKind;
import java.io.IOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.Pipe;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code Selector.select} over channels of one run: a select waits until one of its keys is ready
 * by the run's counts (a connection waits for an accept, bytes or the end for a read, room for a
 * write, a handshake for a connect) or it is woken up, and then returns exactly those keys, however
 * far the kernel has got; a pipe's source is ready for a read and its sink for a write by the same
 * counts. A selector with a channel whose peer is outside the run selects as the kernel does,
 * without the turn while it waits ({@link OutsidePeer}).
 */
public final class Selectors {
  private Selectors() {}

  public static int select(Selector sel, int site) throws IOException {
    return select(sel, -1, site);
  }

  public static int selectTimed(Selector sel, long timeoutMillis, int site) throws IOException {
    if (timeoutMillis < 0) {
      throw new IllegalArgumentException("Negative timeout");
    }
    return select(sel, timeoutMillis, site);
  }

  public static int selectNow(Selector sel, int site) throws IOException {
    return select(sel, -2, site);
  }

  /** {@code timeoutMillis}: -1 waits for ever, -2 does not wait ({@code selectNow}), 0 for ever. */
  private static int select(Selector sel, long timeoutMillis, int site) throws IOException {
    ControlledThread t =
        timeoutMillis == -1
            ? JdkCode.controlledCaller(sel, "select")
            : timeoutMillis == -2
                ? JdkCode.controlledCaller(sel, "selectNow")
                : JdkCode.controlledCaller(sel, "select", long.class);
    LoopbackNetwork net = t == null ? null : LoopbackNetwork.of(t);
    if (net == null || !sel.isOpen()) {
      return real(sel, timeoutMillis);
    }
    if (!modelled(net, sel)) {
      return timeoutMillis == -2
          ? sel.selectNow()
          : OutsidePeer.call(
              t, sel, site, "a channel outside the run", () -> real(sel, timeoutMillis));
    }
    Scheduler s = t.scheduler();
    LoopbackNetwork.SelectorState state = net.selector(sel);
    Wait wait =
        timeoutMillis == -2
            ? Wait.NONE
            : new SocketWait(
                () -> state.wokenUp || !sel.isOpen() || !ready(net, sel).isEmpty(),
                "waits in select() on",
                sel,
                "for one of its channels");
    long timeout = timeoutMillis > 0 ? TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : 0;
    s.point(t, EventKind.UPDATE, location(s, state, site), site, sel, timeout, wait);
    if (!sel.isOpen()) {
      throw new ClosedSelectorException();
    }
    state.wokenUp = false;
    // Woken up, timed out or nothing ready: the kernel still selects once, so that the keys the
    // run cancelled are deregistered as at every select (a channel registers again only then).
    return selectExactly(net, sel, first(net, ready(net, sel)));
  }

  /**
   * Of the ready keys, the one whose channel the run made first. The selected-key set is a hash set
   * of JDK objects whose identity hashes differ from run to run, so a program that handles every
   * key it finds there would take them in a different order in a replay; one key per select
   * (another ready one is selected at once by the next) is what a kernel that reported the others a
   * moment later would give, and the order is the run's.
   */
  private static Map<SelectionKey, Integer> first(
      LoopbackNetwork net, Map<SelectionKey, Integer> ready) {
    SelectionKey best = null;
    int bestOrder = Integer.MAX_VALUE;
    for (SelectionKey k : ready.keySet()) {
      int order = net.order(k.channel());
      if (order < bestOrder) {
        best = k;
        bestOrder = order;
      }
    }
    return best == null ? Map.of() : Map.of(best, ready.get(best));
  }

  /**
   * Selects until the kernel has every key of {@code want} ready (at least once, so cancelled keys
   * are deregistered), and leaves out any other.
   */
  private static int selectExactly(
      LoopbackNetwork net, Selector sel, Map<SelectionKey, Integer> want) throws IOException {
    Set<SelectionKey> selected = sel.selectedKeys();
    Set<SelectionKey> before = new HashSet<>(selected);
    Spin spin = new Spin();
    int rounds = 0;
    while (true) {
      if (++rounds == FLUSH_AFTER) {
        flushOthers(net, sel);
      }
      sel.selectNow();
      boolean all = true;
      for (Map.Entry<SelectionKey, Integer> e : want.entrySet()) {
        SelectionKey k = e.getKey();
        if (k.isValid() && (!selected.contains(k) || (k.readyOps() & e.getValue()) == 0)) {
          all = false;
          break;
        }
      }
      if (all) {
        break;
      }
      spin.pause("what the run sent to a selected channel");
    }
    selected.removeIf(k -> !before.contains(k) && !want.containsKey(k));
    int added = 0;
    for (SelectionKey k : want.keySet()) {
      if (!before.contains(k) && selected.contains(k)) {
        added++;
      }
    }
    return added;
  }

  /** Rounds a select waits for the kernel before it flushes the run's other selectors. */
  private static final int FLUSH_AFTER = 200;

  /**
   * Lets the run's other selectors deregister the channels closed while registered with them: such
   * a channel keeps its descriptor, and its peer sees no end, until its selector next selects,
   * which may be never (its thread has finished, or waits where the schedule has not reached). A
   * select outside the schedule's steps changes nothing the run sees: the keys it would add to that
   * selector's selected set are taken out again (the kernel reports them at its next select).
   */
  private static void flushOthers(LoopbackNetwork net, Selector sel) {
    for (Object o : net.selectors()) {
      if (o == sel || !(o instanceof Selector other) || !other.isOpen()) {
        continue;
      }
      try {
        Set<SelectionKey> selected = other.selectedKeys();
        Set<SelectionKey> before = new HashSet<>(selected);
        other.selectNow();
        selected.removeIf(k -> !before.contains(k));
      } catch (IOException | RuntimeException e) {
        // closed meanwhile: its channels are deregistered all the same
      }
    }
  }

  private static int real(Selector sel, long timeoutMillis) throws IOException {
    if (timeoutMillis == -1) {
      return sel.select();
    }
    return timeoutMillis == -2 ? sel.selectNow() : sel.select(timeoutMillis);
  }

  public static Selector wakeup(Selector sel, int site) {
    ControlledThread t = JdkCode.controlledCaller(sel, "wakeup");
    if (t != null) {
      Scheduler s = t.scheduler();
      LoopbackNetwork.SelectorState state = LoopbackNetwork.of(t).selector(sel);
      s.point(t, EventKind.UPDATE, location(s, state, site), site, sel, 0);
      state.wokenUp = true;
    }
    return sel.wakeup();
  }

  /** Whether every channel of the selector is one the run models (a listener, an end, a pipe). */
  private static boolean modelled(LoopbackNetwork net, Selector sel) {
    for (SelectionKey k : sel.keys()) {
      SelectableChannel ch = k.channel();
      boolean known =
          ch instanceof ServerSocketChannel
              ? net.listener(ch) != null
              : ch instanceof SocketChannel ? net.endpoint(ch) != null : net.pipeOf(ch) != null;
      if (k.isValid() && !known) {
        return false;
      }
    }
    return true;
  }

  /** The keys ready by the run's counts, with the operations they are ready for. */
  private static Map<SelectionKey, Integer> ready(LoopbackNetwork net, Selector sel) {
    Map<SelectionKey, Integer> ready = new IdentityHashMap<>();
    if (!sel.isOpen()) {
      return ready;
    }
    for (SelectionKey k : sel.keys()) {
      if (!k.isValid()) {
        continue;
      }
      int ops = k.interestOps() & readyOps(net, k.channel());
      if (ops != 0) {
        ready.put(k, ops);
      }
    }
    return ready;
  }

  private static int readyOps(LoopbackNetwork net, SelectableChannel ch) {
    PipeState pipe = net.pipeOf(ch);
    if (pipe != null) {
      if (ch instanceof Pipe.SourceChannel) {
        return pipe.readable() ? SelectionKey.OP_READ : 0;
      }
      return pipe.writable() ? SelectionKey.OP_WRITE : 0;
    }
    if (ch instanceof ServerSocketChannel) {
      Listener l = net.listener(ch);
      return l != null && !l.pending.isEmpty() ? SelectionKey.OP_ACCEPT : 0;
    }
    Endpoint end = net.endpoint(ch);
    if (end == null || !(ch instanceof SocketChannel sc)) {
      return 0;
    }
    if (sc.isConnectionPending()) {
      return SelectionKey.OP_CONNECT;
    }
    int ops = 0;
    if (end.readable()) {
      ops |= SelectionKey.OP_READ;
    }
    if (end.writable()) {
      ops |= SelectionKey.OP_WRITE;
    }
    return ops;
  }
}
