package dev.weft.targets.local;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * JDK objects a thread makes, works on alone, and then hands to another thread: each method fills
 * or bumps its object while it is local, hands it over, and then both threads update it without a
 * lock through two calls (read, then write), so an update can be lost, which fails the check. Weft
 * finds that only if it sees the hand-over, so that calls after it are scheduling points again. The
 * last methods check what keeps such an object local and what lets it go.
 */
public final class JdkHandOvers {
  private static Object slot;

  private static final class Holder {
    Object value;
  }

  private JdkHandOvers() {}

  private static void check(int value) {
    if (value != 12) {
      throw new AssertionError("lost update: " + value);
    }
  }

  /** A started thread that waits until {@code receive} gives it something, and uses it. */
  private static <T> Thread taker(Supplier<T> receive, java.util.function.Consumer<T> use) {
    Thread t =
        new Thread(
            () -> {
              T value;
              while ((value = receive.get()) == null) {
                Thread.yield();
              }
              use.accept(value);
            });
    t.start();
    return t;
  }

  @SuppressWarnings("unchecked")
  private static <T> T slot() {
    return (T) slot;
  }

  private static void bump(List<Integer> list) {
    list.set(0, list.get(0) + 1);
  }

  private static void bump(Map<String, Integer> map) {
    map.put("n", map.get("n") + 1);
  }

  private static void bump(AtomicInteger a) {
    a.set(a.get() + 1);
  }

  private static void bump(StringBuffer b) {
    int n = Integer.parseInt(b.toString());
    b.setLength(0);
    b.append(n + 1);
  }

  public static void listViaStatic() throws InterruptedException {
    slot = null;
    Thread other = taker(JdkHandOvers::<List<Integer>>slot, JdkHandOvers::bump);
    CopyOnWriteArrayList<Integer> list = new CopyOnWriteArrayList<>();
    list.add(0);
    for (int i = 0; i < 10; i++) {
      bump(list);
    }
    slot = list;
    bump(list);
    other.join();
    check(list.get(0));
  }

  public static void mapViaQueue() throws InterruptedException {
    ConcurrentLinkedQueue<Map<String, Integer>> queue = new ConcurrentLinkedQueue<>();
    Thread other = taker(queue::peek, JdkHandOvers::bump);
    ConcurrentSkipListMap<String, Integer> map = new ConcurrentSkipListMap<>();
    map.put("n", 0);
    for (int i = 0; i < 10; i++) {
      bump(map);
    }
    queue.add(map);
    bump(map);
    other.join();
    check(map.get("n"));
  }

  /**
   * A list filled while local and then published through a plain static: the other thread's read
   * races with the adds, which the race oracle must have seen although they were no scheduling
   * points.
   */
  public static void listPublishedUnsafely() throws InterruptedException {
    slot = null;
    Thread other = taker(JdkHandOvers::<List<Integer>>slot, l -> l.get(0));
    ArrayList<Integer> list = new ArrayList<>();
    list.add(1);
    slot = list;
    other.join();
  }

  public static void atomicViaSharedField() throws InterruptedException {
    Holder shared = new Holder();
    Thread other = taker(() -> (AtomicInteger) shared.value, JdkHandOvers::bump);
    AtomicInteger a = new AtomicInteger();
    for (int i = 0; i < 10; i++) {
      bump(a);
    }
    shared.value = a;
    bump(a);
    other.join();
    check(a.get());
  }

  public static void bufferViaLambdaCapture() throws InterruptedException {
    StringBuffer b = new StringBuffer("0");
    for (int i = 0; i < 10; i++) {
      bump(b);
    }
    Thread other = new Thread(() -> bump(b));
    other.start();
    bump(b);
    other.join();
    check(Integer.parseInt(b.toString()));
  }

  public static void concurrentMapViaStatic() throws InterruptedException {
    slot = null;
    Thread other = taker(JdkHandOvers::<Map<String, Integer>>slot, JdkHandOvers::bump);
    ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
    map.put("n", 0);
    for (int i = 0; i < 10; i++) {
      bump(map);
    }
    slot = map;
    bump(map);
    other.join();
    check(map.get("n"));
  }

  /**
   * The map goes through a view of it, its key set, which the other thread uses to remove a key
   * while this thread checks for the key and then acts: the map must come along with its view, or
   * its own calls stay free of scheduling points and the check and the act cannot be split.
   */
  public static void mapViaItsKeySet() throws InterruptedException {
    slot = null;
    Thread other = taker(JdkHandOvers::<java.util.Set<String>>slot, keys -> keys.remove("k1"));
    TreeMap<String, Integer> map = new TreeMap<>();
    for (int i = 1; i <= 10; i++) {
      map.put("k" + i, i);
    }
    slot = map.keySet();
    if (map.containsKey("k1")) {
      map.put("copy", map.get("k1"));
    }
    other.join();
    if (map.containsKey("copy") && map.get("copy") == null) {
      throw new AssertionError("lost update: k1 was removed between the check and the copy");
    }
  }

  /**
   * One entry of the map is handed over, and the other thread clears it through {@code setValue}
   * (no scheduling point: entries are not accesses) while this thread checks the key and then
   * copies it: the map must come along with its entry, or its own calls stay free of scheduling
   * points and the check and the copy cannot be split.
   */
  public static void mapViaAnEntry() throws InterruptedException {
    slot = null;
    Thread other =
        taker(JdkHandOvers::<Map.Entry<String, Integer>>slot, entry -> entry.setValue(null));
    HashMap<String, Integer> map = new HashMap<>();
    map.put("k", 0);
    for (int i = 0; i < 10; i++) {
      bump(map, "k");
    }
    for (Map.Entry<String, Integer> e : map.entrySet()) {
      if (e.getKey().equals("k")) {
        slot = e;
      }
    }
    if (map.get("k") != null) {
      map.put("copy", map.get("k"));
    }
    other.join();
    if (map.containsKey("copy") && map.get("copy") == null) {
      throw new AssertionError("lost update: k was cleared between the check and the copy");
    }
  }

  private static void bump(Map<String, Integer> map, String key) {
    map.put(key, map.get(key) + 1);
  }

  /** A local map's entries read and written through its entry set keep it local. */
  public static void entriesOfALocalMapStayLocal() {
    HashMap<String, Integer> map = new HashMap<>();
    map.put("a", 1);
    map.put("b", 2);
    int sum = 0;
    for (Map.Entry<String, Integer> e : map.entrySet()) {
      e.setValue(e.getValue() * 10);
      sum += e.getKey().length();
    }
    if (sum != 2 || map.get("a") != 10) {
      throw new AssertionError(sum + " " + map);
    }
  }

  /**
   * A local list iterated, searched and copied stays local: every call on it is no scheduling
   * point. (Run alone: nothing escapes.)
   */
  public static void iteratedListStaysLocal() {
    ArrayList<Integer> list = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      list.add(i);
    }
    int sum = 0;
    for (int x : list) {
      sum += x;
    }
    Iterator<Integer> it = list.iterator();
    while (it.hasNext()) {
      if (it.next() % 2 == 0) {
        it.remove();
      }
    }
    if (sum != 45 || list.size() != 5 || !list.contains(9)) {
      throw new AssertionError(sum + " " + list);
    }
  }

  /**
   * A local list's iterator put into a static: the list escapes with it, and its later calls are
   * scheduling points again.
   */
  public static void iteratorTakesItsListAlong() {
    ArrayList<Integer> list = new ArrayList<>();
    list.add(1);
    list.add(2);
    list.add(3);
    slot = list.iterator();
    list.add(4);
    list.add(5);
    slot = null;
  }

  /** A stream over a local list lets the list go: streams are not on the list of views. */
  public static void streamLetsTheListGo() {
    ArrayList<Integer> list = new ArrayList<>();
    list.add(1);
    long n = list.stream().count();
    list.add((int) n);
  }
}
