package dev.weft.examples.bench;

/**
 * A correct lock-striped hash map driven by four threads with different mixes of operations: the
 * target of long campaign benchmarks ({@code scripts/bench-campaign}). Not a bug and not part of
 * the catalog. Its many code sites (put, get, remove, a compare-and-set style update, a size that
 * takes every stripe in order, a resize under all stripes, a version counter read without a lock)
 * conflict in many combinations, so segment coverage keeps growing for minutes where the bundled
 * bugs saturate in seconds.
 *
 * <p>Argument: operations per thread (default 12).
 */
public final class StripedMap {
  private static final int STRIPES = 4;

  private final Object[] locks = new Object[STRIPES];
  private Node[] table = new Node[8];
  private final int[] counts = new int[STRIPES];
  private volatile int version;

  private static final class Node {
    final int key;
    int value;
    Node next;

    Node(int key, int value, Node next) {
      this.key = key;
      this.value = value;
      this.next = next;
    }
  }

  private StripedMap() {
    for (int i = 0; i < STRIPES; i++) {
      locks[i] = new Object();
    }
  }

  private static int stripe(int key) {
    return key & (STRIPES - 1);
  }

  private Node[] tableFor(int key) {
    return table;
  }

  void put(int key, int value) {
    synchronized (locks[stripe(key)]) {
      Node[] t = tableFor(key);
      int i = key & (t.length - 1);
      for (Node n = t[i]; n != null; n = n.next) {
        if (n.key == key) {
          n.value = value;
          version++;
          return;
        }
      }
      t[i] = new Node(key, value, t[i]);
      counts[stripe(key)]++;
      version++;
    }
    if (size() > table.length) {
      resize();
    }
  }

  Integer get(int key) {
    synchronized (locks[stripe(key)]) {
      Node[] t = table;
      for (Node n = t[key & (t.length - 1)]; n != null; n = n.next) {
        if (n.key == key) {
          return n.value;
        }
      }
      return null;
    }
  }

  boolean remove(int key) {
    synchronized (locks[stripe(key)]) {
      Node[] t = table;
      int i = key & (t.length - 1);
      Node previous = null;
      for (Node n = t[i]; n != null; previous = n, n = n.next) {
        if (n.key == key) {
          if (previous == null) {
            t[i] = n.next;
          } else {
            previous.next = n.next;
          }
          counts[stripe(key)]--;
          version++;
          return true;
        }
      }
      return false;
    }
  }

  /** Adds {@code delta} to the key's value if it is present and unchanged meanwhile. */
  boolean add(int key, int delta) {
    int seen = version;
    Integer old = get(key);
    if (old == null) {
      return false;
    }
    synchronized (locks[stripe(key)]) {
      if (version != seen) {
        return false;
      }
      Node[] t = table;
      for (Node n = t[key & (t.length - 1)]; n != null; n = n.next) {
        if (n.key == key) {
          n.value = old + delta;
          version++;
          return true;
        }
      }
      return false;
    }
  }

  int size() {
    return sizeLocked(0);
  }

  private int sizeLocked(int from) {
    if (from == STRIPES) {
      int sum = 0;
      for (int c : counts) {
        sum += c;
      }
      return sum;
    }
    synchronized (locks[from]) {
      return sizeLocked(from + 1);
    }
  }

  private void resize() {
    resizeLocked(0);
  }

  private void resizeLocked(int from) {
    if (from < STRIPES) {
      synchronized (locks[from]) {
        resizeLocked(from + 1);
      }
      return;
    }
    Node[] old = table;
    if (counts[0] + counts[1] + counts[2] + counts[3] <= old.length) {
      return;
    }
    Node[] bigger = new Node[old.length * 2];
    for (Node head : old) {
      for (Node n = head; n != null; n = n.next) {
        int i = n.key & (bigger.length - 1);
        bigger[i] = new Node(n.key, n.value, bigger[i]);
      }
    }
    table = bigger;
    version++;
  }

  public static void main(String[] args) throws InterruptedException {
    int operations = args.length > 0 ? Integer.parseInt(args[0]) : 12;
    StripedMap map = new StripedMap();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      int id = t;
      threads[t] =
          new Thread(
              () -> {
                for (int i = 0; i < operations; i++) {
                  int key = (id * 7 + i * 3) % 13;
                  switch ((id + i) % 4) {
                    case 0 -> map.put(key, i);
                    case 1 -> map.get(key);
                    case 2 -> map.add(key, 1);
                    default -> {
                      if (id % 2 == 0) {
                        map.remove(key);
                      } else {
                        map.size();
                      }
                    }
                  }
                }
              },
              "worker-" + t);
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    int size = map.size();
    if (size < 0 || size > 13) {
      throw new AssertionError("size " + size + " of a map with at most 13 keys");
    }
  }
}
