package dev.weft.examples.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A correct program whose threads work on JDK collections of their own: {@code args[0]} workers
 * (default 4) each build {@code args[1]} sentences (default 20) in a {@code StringBuffer}, split
 * them into a list of words, tally the words in a {@code HashMap} of their own, and merge the tally
 * into a shared map once; the main thread checks the totals. For measuring what tracking
 * thread-local JDK objects saves; not part of the catalog.
 */
public final class LocalTallies {
  private static final String[] WORDS = {"red", "green", "blue", "amber"};

  private LocalTallies() {}

  static Map<String, Integer> tally(int worker, int sentences) {
    Map<String, Integer> counts = new HashMap<>();
    for (int s = 0; s < sentences; s++) {
      StringBuffer sentence = new StringBuffer();
      for (int w = 0; w < 4; w++) {
        sentence.append(WORDS[(worker + s + w) % WORDS.length]).append(' ');
      }
      List<String> words = new ArrayList<>();
      for (String word : sentence.toString().trim().split(" ")) {
        words.add(word);
      }
      for (String word : words) {
        counts.merge(word, 1, Integer::sum);
      }
    }
    return counts;
  }

  public static void main(String[] args) throws InterruptedException {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int sentences = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    Map<String, Integer> totals = new ConcurrentHashMap<>();
    Thread[] workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      int worker = w;
      workers[w] =
          new Thread(
              () -> {
                for (Map.Entry<String, Integer> e : tally(worker, sentences).entrySet()) {
                  totals.merge(e.getKey(), e.getValue(), Integer::sum);
                }
              });
      workers[w].start();
    }
    for (Thread t : workers) {
      t.join();
    }
    int sum = 0;
    for (int n : totals.values()) {
      sum += n;
    }
    if (sum != threads * sentences * 4) {
      throw new AssertionError("tallied " + sum + " words, expected " + threads * sentences * 4);
    }
  }
}
