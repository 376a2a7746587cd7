package dev.weft.dashboard;

import it.unimi.dsi.fastutil.ints.IntAVLTreeSet;
import it.unimi.dsi.fastutil.ints.IntList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Picks the rows a chart keeps of a long series so that it looks the same drawn: the x range is cut
 * into buckets, and of each bucket the first and last row and, for every series, the rows of its
 * smallest and largest value are kept (the M4 rule of Jugel et al., VLDB 2014). No value is
 * averaged or made up, so every extreme, every step and every finding marker stays where it was; a
 * browser then draws a campaign of days as fast as one of minutes.
 */
final class Downsampler {
  private Downsampler() {}

  /**
   * The rows to keep, in increasing order; all of them when there are at most {@code 4 * buckets}.
   *
   * @param x the x value of each row, non-decreasing
   * @param series values of each row, {@code NaN} where a series has none
   */
  static int[] keep(
      int rows, IntToDoubleFunction x, List<IntToDoubleFunction> series, int buckets) {
    if (rows <= 4L * buckets) {
      int[] all = new int[rows];
      for (int i = 0; i < rows; i++) {
        all[i] = i;
      }
      return all;
    }
    double from = x.applyAsDouble(0);
    double width = (x.applyAsDouble(rows - 1) - from) / buckets;
    IntAVLTreeSet kept = new IntAVLTreeSet();
    int start = 0;
    while (start < rows) {
      int end = start + 1;
      if (width > 0) {
        int bucket = (int) Math.min(buckets - 1, (x.applyAsDouble(start) - from) / width);
        double limit = from + (bucket + 1) * width;
        while (end < rows && (x.applyAsDouble(end) < limit || bucket == buckets - 1)) {
          end++;
        }
      } else {
        end = Math.min(rows, start + Math.max(1, rows / buckets));
      }
      kept.add(start);
      kept.add(end - 1);
      for (IntToDoubleFunction s : series) {
        int min = -1;
        int max = -1;
        for (int i = start; i < end; i++) {
          double v = s.applyAsDouble(i);
          if (Double.isNaN(v)) {
            continue;
          }
          if (min < 0 || v < s.applyAsDouble(min)) {
            min = i;
          }
          if (max < 0 || v > s.applyAsDouble(max)) {
            max = i;
          }
        }
        if (min >= 0) {
          kept.add(min);
          kept.add(max);
        }
      }
      start = end;
    }
    return kept.toIntArray();
  }

  /**
   * {@code kept} with {@code rows} and their neighbours added: the gaps between sessions, which
   * carry no value and so would never be an extreme, stay where they are with the rows around them.
   */
  static int[] withRows(int[] kept, IntList rows, int total) {
    if (rows.isEmpty()) {
      return kept;
    }
    IntAVLTreeSet all = new IntAVLTreeSet(kept);
    rows.forEach(
        r -> {
          for (int i = Math.max(0, r - 1); i <= Math.min(total - 1, r + 1); i++) {
            all.add(i);
          }
        });
    return all.toIntArray();
  }
}
