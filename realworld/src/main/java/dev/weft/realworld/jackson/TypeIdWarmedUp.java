/*
 * jackson-databind 2.5.1, correct twin of TypeIdDropped (issue #738,
 * https://github.com/FasterXML/jackson-databind/issues/738).
 *
 * The same types, mix-in and parallel writers, but main serializes one wrapper of each subtype
 * before the threads start (the warm-up that users applied as a workaround): every serializer is
 * built and cached by one thread, and the parallel serializations only read the caches. Must
 * never fail.
 */
package dev.weft.realworld.jackson;

import com.fasterxml.jackson.databind.ObjectMapper;

public final class TypeIdWarmedUp {
  public static void main(String[] args) throws Exception {
    final ObjectMapper mapper = TypeIdDropped.newMapper();
    for (int i = 0; i < 3; i++) {
      TypeIdDropped.check(mapper, i);
    }
    Thread[] writers = new Thread[3];
    for (int w = 0; w < writers.length; w++) {
      final int first = w;
      writers[w] =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 3; i++) {
                    TypeIdDropped.check(mapper, first + i);
                  }
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              },
              "writer-" + w);
      writers[w].start();
    }
    for (Thread t : writers) {
      t.join();
    }
  }
}
