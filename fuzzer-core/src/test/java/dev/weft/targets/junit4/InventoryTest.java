package dev.weft.targets.junit4;

import static org.junit.Assert.assertEquals;

import org.junit.Before;
import org.junit.Test;

/**
 * A JUnit 4 test as a user writes one: {@code @Before} stocks the shelf, two pickers take from it
 * without a lock, and one take can be lost.
 */
public class InventoryTest {
  private int stock;

  @Before
  public void stockTheShelf() {
    stock = 10;
  }

  @Test
  public void twoPickersTakeOneEach() throws InterruptedException {
    Thread first = new Thread(() -> stock--, "first-picker");
    Thread second = new Thread(() -> stock--, "second-picker");
    first.start();
    second.start();
    first.join();
    second.join();
    assertEquals("stock after two picks from the shelf of 10", 8, stock);
  }
}
