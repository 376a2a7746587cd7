package dev.weft.targets.local;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two threads each build data of their own (an array and a linked list, grown by copying) and add
 * its sum to a shared total: correct under every interleaving, and almost every access is to an
 * object only its thread can reach.
 */
public final class LocalWork {
  private static final AtomicInteger TOTAL = new AtomicInteger();

  static final class Node {
    final int value;
    Node next;

    Node(int value, Node next) {
      this.value = value;
      this.next = next;
    }
  }

  private LocalWork() {}

  static int work(int n) {
    int[] values = new int[2];
    int size = 0;
    for (int i = 1; i <= n; i++) {
      if (size == values.length) {
        values = java.util.Arrays.copyOf(values, size * 2);
      }
      values[size++] = i;
    }
    Node list = null;
    for (int i = 0; i < size; i++) {
      list = new Node(values[i], list);
    }
    int sum = 0;
    for (Node x = list; x != null; x = x.next) {
      sum += x.value;
    }
    return sum;
  }

  public static void main(String[] args) throws InterruptedException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    Thread a = new Thread(() -> TOTAL.addAndGet(work(n)));
    Thread b = new Thread(() -> TOTAL.addAndGet(work(n)));
    a.start();
    b.start();
    a.join();
    b.join();
    int expected = n * (n + 1);
    if (TOTAL.get() != expected) {
      throw new AssertionError("total " + TOTAL.get() + ", expected " + expected);
    }
  }

  /** A thread looping for ever over an object of its own. */
  public static void spinsOnItsOwn() throws InterruptedException {
    Thread spinner =
        new Thread(
            () -> {
              int[] mine = new int[1];
              while (mine[0] >= 0) {
                mine[0] = (mine[0] + 1) & 0xffff;
              }
            });
    spinner.start();
    spinner.join();
  }

  static final class Task implements Runnable {
    int runs;

    @Override
    public void run() {
      runs++;
    }
  }

  /** A local object called through a JDK interface whose method is its own: it stays local. */
  public static void ownImplementation() {
    Task task = new Task();
    Runnable r = task;
    for (int i = 0; i < 20; i++) {
      r.run();
    }
    if (task.runs != 20) {
      throw new AssertionError("runs " + task.runs);
    }
  }

  static final class Bag implements Iterable<Integer> {
    int n;

    @Override
    public java.util.Iterator<Integer> iterator() {
      return java.util.List.of(1, 2).iterator();
    }
  }

  /** A local object handed to a default method of a JDK interface: the JDK code may keep it. */
  public static void jdkDefaultMethod() {
    Bag bag = new Bag();
    Iterable<Integer> iterable = bag;
    iterable.forEach(x -> {});
    bag.n++;
  }

  static final class Tally {
    int n;

    final class Adder {
      void add() {
        n++;
      }
    }
  }

  /**
   * An inner object keeps its outer one local: javac stores the outer instance before the inner
   * constructor calls {@code super()}, when the inner object cannot yet be named.
   */
  public static void innerInstancesStayLocal() {
    Tally tally = new Tally();
    Tally.Adder adder = tally.new Adder();
    int[] box = {0};
    Runnable capturing =
        new Runnable() {
          @Override
          public void run() {
            box[0]++;
          }
        };
    for (int i = 0; i < 20; i++) {
      adder.add();
      capturing.run();
    }
    if (tally.n != 20 || box[0] != 20) {
      throw new AssertionError(tally.n + " " + box[0]);
    }
  }
}
