/*
 * jackson-databind 2.4.1, issue #503: https://github.com/FasterXML/jackson-databind/issues/503
 * ("Concurrency issue inside com.fasterxml.jackson.databind.util.LRUMap.get(Object)")
 *
 * TypeFactory caches resolved types in an LRUMap, a LinkedHashMap in access order guarded by a
 * ReentrantReadWriteLock. get() takes only the read lock, but in access order every get moves the
 * entry to the end of the linked list: concurrent readers rewrite the list at the same time and
 * corrupt it (entries lost from the chain, or a cycle), as in the report's stack under load. Here
 * two threads resolve the same handful of bean types through TypeFactory.constructType(); then
 * main walks the cache and checks that the chain holds exactly size() entries. Kind: exception
 * (AssertionError, or whatever the corrupted map throws).
 */
package dev.weft.realworld.jackson;

import com.fasterxml.jackson.databind.type.TypeFactory;
import java.lang.reflect.Field;
import java.util.Iterator;
import java.util.Map;

public final class TypeCacheCorruption {
  static final int LOOKUPS = 3000;

  public static final class Customer {
    public String name;
  }

  public static final class Address {
    public String city;
  }

  public static final class Invoice {
    public double total;
  }

  public static final class Line {
    public int quantity;
  }

  public static final class Product {
    public String sku;
  }

  public static final class Discount {
    public int percent;
  }

  static final Class<?>[] TYPES = {
    Customer.class, Address.class, Invoice.class, Line.class, Product.class, Discount.class
  };

  public static void main(String[] args) throws Exception {
    final TypeFactory types = TypeFactory.defaultInstance();
    for (Class<?> c : TYPES) {
      types.constructType(c);
    }
    Thread[] readers = new Thread[2];
    for (int r = 0; r < readers.length; r++) {
      final int stride = r + 1;
      readers[r] =
          new Thread(
              () -> {
                for (int i = 0; i < LOOKUPS; i++) {
                  types.constructType(TYPES[(i * stride) % TYPES.length]);
                }
              },
              "reader-" + r);
      readers[r].start();
    }
    for (Thread t : readers) {
      t.join();
    }

    Field f = TypeFactory.class.getDeclaredField("_typeCache");
    f.setAccessible(true);
    Map<?, ?> cache = (Map<?, ?>) f.get(types);
    int size = cache.size();
    int walked = 0;
    for (Iterator<?> it = cache.keySet().iterator(); it.hasNext(); it.next()) {
      if (++walked > size) {
        throw new AssertionError("type cache chain has a cycle: more than " + size + " entries");
      }
    }
    if (walked != size) {
      throw new AssertionError("type cache chain lost entries: " + walked + " of " + size);
    }
  }
}
