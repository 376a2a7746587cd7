package dev.weft.targets.jvm;

import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.text.CharacterIterator;
import java.text.StringCharacterIterator;

/**
 * Correct programs that call JDK interface methods named {@code next} returning a primitive: a
 * {@code char} ({@link CharacterIterator}) and a {@code boolean} ({@link ResultSet}).
 */
public final class NonReferenceNext {
  private NonReferenceNext() {}

  static int count(CharacterIterator it, char wanted) {
    int n = 0;
    for (char c = it.first(); c != CharacterIterator.DONE; c = it.next()) {
      if (c == wanted) {
        n++;
      }
    }
    return n;
  }

  /** Two threads walk strings through the {@code CharacterIterator} interface. */
  public static void characterIterator() throws InterruptedException {
    int[] counts = new int[2];
    Thread a = new Thread(() -> counts[0] = count(new StringCharacterIterator("banana"), 'a'));
    Thread b = new Thread(() -> counts[1] = count(new StringCharacterIterator("apple"), 'p'));
    a.start();
    b.start();
    a.join();
    b.join();
    if (counts[0] != 3 || counts[1] != 2) {
      throw new AssertionError(counts[0] + " " + counts[1]);
    }
  }

  static int rows(ResultSet rows) throws Exception {
    int n = 0;
    while (rows.next()) {
      n++;
    }
    return n;
  }

  /** A result set of three rows, as a JDBC driver would hand out. */
  static ResultSet threeRows() {
    int[] left = {3};
    return (ResultSet)
        Proxy.newProxyInstance(
            ResultSet.class.getClassLoader(),
            new Class<?>[] {ResultSet.class},
            (proxy, method, args) -> {
              if (method.getName().equals("next")) {
                return left[0]-- > 0;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  /** Two threads read result sets through {@code ResultSet.next()}. */
  public static void resultSet() throws Exception {
    int[] counts = new int[2];
    Thread a = new Thread(() -> counts[0] = rowsOrFail(threeRows()));
    Thread b = new Thread(() -> counts[1] = rowsOrFail(threeRows()));
    a.start();
    b.start();
    a.join();
    b.join();
    if (counts[0] != 3 || counts[1] != 3) {
      throw new AssertionError(counts[0] + " " + counts[1]);
    }
  }

  private static int rowsOrFail(ResultSet r) {
    try {
      return rows(r);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
