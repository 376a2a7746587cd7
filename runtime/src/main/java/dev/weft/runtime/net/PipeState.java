package dev.weft.runtime.net;

import java.nio.channels.Pipe;

/**
 * A {@code Pipe} of one run, whose two channels the run's threads use: as an {@link Endpoint} for a
 * connection, it only counts the bytes written to the sink and not yet read from the source, so
 * whether a read or a write can go on is decided by the run's order of steps, never by the kernel.
 */
final class PipeState {
  final Pipe pipe;

  /** When the run made it, among its listeners, ends and pipes. */
  final int order;

  /** Bytes written to the sink that the source has not read yet. */
  long inbox;

  PipeState(Pipe pipe, int order) {
    this.pipe = pipe;
    this.order = order;
  }

  /** Whether a read returns at once: bytes are in, or the sink or the source is closed. */
  boolean readable() {
    return inbox > 0 || !pipe.sink().isOpen() || !pipe.source().isOpen();
  }

  /** Whether a write goes on at once: the pipe has room, or it will fail. */
  boolean writable() {
    return inbox < Endpoint.CAPACITY || !pipe.sink().isOpen() || !pipe.source().isOpen();
  }

  /** Room left before a writer must wait. */
  int room() {
    return (int) Math.max(0, Endpoint.CAPACITY - inbox);
  }

  @Override
  public String toString() {
    return "a pipe";
  }
}
