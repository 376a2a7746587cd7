/*
 * jackson-databind 2.5.1, issue #738: https://github.com/FasterXML/jackson-databind/issues/738
 * ("@JsonTypeInfo non-deterministically ignored in 2.5.1")
 *
 * A wrapper bean has a property of interface type HasSubTypes; the polymorphic type information
 * (@JsonTypeInfo as WRAPPER_OBJECT, @JsonSubTypes) is declared on an abstract class and mixed
 * into the interface. When the first serializations of such wrappers run in parallel on one
 * ObjectMapper, 2.5.1's serializer caching can hand one thread a property serializer built
 * without the type serializer, and the type id ({"one":{...}}) silently disappears from the
 * output (the report: 30-50% of runs of its test). Each thread checks its own JSON. Kind:
 * exception (AssertionError on the wrong output).
 */
package dev.weft.realworld.jackson;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;

public final class TypeIdDropped {
  public interface HasSubTypes {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
  @JsonSubTypes({
    @JsonSubTypes.Type(value = TypeOne.class, name = "one"),
    @JsonSubTypes.Type(value = TypeTwo.class, name = "two"),
    @JsonSubTypes.Type(value = TypeThree.class, name = "three")
  })
  public abstract static class AbstractHasSubTypes implements HasSubTypes {}

  public static final class TypeOne extends AbstractHasSubTypes {
    public int a = 1;
  }

  public static final class TypeTwo extends AbstractHasSubTypes {
    public int b = 2;
  }

  public static final class TypeThree extends AbstractHasSubTypes {
    public int c = 3;
  }

  public static final class Wrapper {
    public HasSubTypes value;

    Wrapper(HasSubTypes value) {
      this.value = value;
    }
  }

  static ObjectMapper newMapper() {
    ObjectMapper mapper = new ObjectMapper();
    mapper.addMixInAnnotations(HasSubTypes.class, AbstractHasSubTypes.class);
    return mapper;
  }

  static HasSubTypes value(int i) {
    switch (i % 3) {
      case 0:
        return new TypeOne();
      case 1:
        return new TypeTwo();
      default:
        return new TypeThree();
    }
  }

  static final String[] NAMES = {"one", "two", "three"};

  static void check(ObjectMapper mapper, int i) throws Exception {
    String json = mapper.writeValueAsString(new Wrapper(value(i)));
    if (!json.contains("\"" + NAMES[i % 3] + "\":{")) {
      throw new AssertionError("type id missing: " + json);
    }
  }

  public static void main(String[] args) throws Exception {
    final ObjectMapper mapper = newMapper();
    Thread[] writers = new Thread[3];
    for (int w = 0; w < writers.length; w++) {
      final int first = w;
      writers[w] =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 3; i++) {
                    check(mapper, first + i);
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
