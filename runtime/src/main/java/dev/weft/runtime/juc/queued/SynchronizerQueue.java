package dev.weft.runtime.juc.queued;

import java.util.ArrayList;
import java.util.List;

/**
 * The wait queue of one program-defined synchronizer in one run, first in first out, as the JDK
 * keeps it: only the first thread may try to acquire, and a release signals only that one.
 */
final class SynchronizerQueue {
  final Object synchronizer;
  private final List<QueuedNode> nodes = new ArrayList<>();

  /** Whether any thread ever queued ({@code hasContended}). */
  boolean contended;

  SynchronizerQueue(Object synchronizer) {
    this.synchronizer = synchronizer;
  }

  void enqueue(QueuedNode node) {
    nodes.add(node);
    contended = true;
  }

  QueuedNode first() {
    return nodes.isEmpty() ? null : nodes.get(0);
  }

  void remove(QueuedNode node) {
    nodes.remove(node);
  }

  /** How many nodes are ahead of {@code node}. */
  int position(QueuedNode node) {
    return Math.max(0, nodes.indexOf(node));
  }

  List<QueuedNode> nodes() {
    return nodes;
  }
}
