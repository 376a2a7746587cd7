package dev.weft.examples.juc;

import java.util.concurrent.CompletableFuture;

/**
 * A {@link CompletableFuture} pipeline that also publishes through a shared field.
 *
 * <p>The async stage stores the parsed price in {@code lastPrice} and returns it; {@code main}
 * applies a discount to the future's value but reads {@code lastPrice} for the receipt without
 * waiting for the pipeline. Failing interleaving: {@code main} reads {@code lastPrice} before the
 * async stage has stored it, and the receipt shows 0.
 */
public final class FuturePipelineRace {
  private int lastPrice;

  private FuturePipelineRace() {}

  int parse(String text) {
    int price = Integer.parseInt(text);
    lastPrice = price;
    return price;
  }

  public static void main(String[] args) {
    FuturePipelineRace shop = new FuturePipelineRace();
    CompletableFuture<Integer> discounted =
        CompletableFuture.supplyAsync(() -> shop.parse("100")).thenApply(p -> p * 9 / 10);
    int receipt = shop.lastPrice;
    int total = discounted.join();
    if (receipt != 100 || total != 90) {
      throw new AssertionError("receipt " + receipt + ", total " + total);
    }
  }
}
