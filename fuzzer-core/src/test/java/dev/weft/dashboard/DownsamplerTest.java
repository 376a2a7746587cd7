package dev.weft.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DownsamplerTest {
  @Test
  void keepsEverythingWhenThereIsLittle() {
    int[] kept = Downsampler.keep(40, i -> i, List.of(i -> i * 2.0), 10);
    assertThat(kept).hasSize(40);
  }

  /** In every bucket of x, the first, last, smallest and largest of each series survive. */
  @Test
  void keepsTheFirstLastSmallestAndLargestOfEveryBucket() {
    Random random = new Random(5);
    int n = 50_000;
    double[] x = new double[n];
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i == 0 ? 0 : x[i - 1] + random.nextInt(3);
      a[i] = random.nextGaussian();
      b[i] = i % 7 == 0 ? Double.NaN : random.nextDouble();
    }
    int buckets = 100;
    int[] kept = Downsampler.keep(n, i -> x[i], List.of(i -> a[i], i -> b[i]), buckets);
    assertThat(kept.length).isLessThanOrEqualTo(6 * buckets);
    for (int i = 1; i < kept.length; i++) {
      assertThat(kept[i]).isGreaterThan(kept[i - 1]);
    }
    java.util.Set<Integer> set = new java.util.HashSet<>();
    for (int k : kept) {
      set.add(k);
    }
    double width = (x[n - 1] - x[0]) / buckets;
    int start = 0;
    while (start < n) {
      int bucket = (int) Math.min(buckets - 1, (x[start] - x[0]) / width);
      int end = start;
      while (end < n && (int) Math.min(buckets - 1, (x[end] - x[0]) / width) == bucket) {
        end++;
      }
      int minA = start;
      int maxA = start;
      for (int i = start; i < end; i++) {
        minA = a[i] < a[minA] ? i : minA;
        maxA = a[i] > a[maxA] ? i : maxA;
      }
      assertThat(set).contains(start, end - 1, minA, maxA);
      start = end;
    }
  }
}
