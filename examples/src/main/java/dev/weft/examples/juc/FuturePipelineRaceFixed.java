package dev.weft.examples.juc;

import java.util.concurrent.CompletableFuture;

/**
 * Correct twin of {@link FuturePipelineRace}: {@code main} joins the pipeline before it reads
 * {@code lastPrice}, so the async stage's write happens before the read.
 */
public final class FuturePipelineRaceFixed {
  private int lastPrice;

  private FuturePipelineRaceFixed() {}

  int parse(String text) {
    int price = Integer.parseInt(text);
    lastPrice = price;
    return price;
  }

  public static void main(String[] args) {
    FuturePipelineRaceFixed shop = new FuturePipelineRaceFixed();
    CompletableFuture<Integer> discounted =
        CompletableFuture.supplyAsync(() -> shop.parse("100")).thenApply(p -> p * 9 / 10);
    int total = discounted.join();
    int receipt = shop.lastPrice;
    if (receipt != 100 || total != 90) {
      throw new AssertionError("receipt " + receipt + ", total " + total);
    }
  }
}
