package dev.weft.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SiteTableTest {
  private static int register(SiteTable table, int i) {
    return table.register("p.C" + i, "m", "()V", i % 3, "C.java", i, "read");
  }

  @Test
  void stableKeysWithoutTheLockAreTheSitesOwnPastEveryGrowth() {
    SiteTable table = new SiteTable();
    for (int i = 0; i < 1_000; i++) {
      int id = register(table, i);
      assertThat(table.stableKey(id)).isEqualTo(table.get(id).stableKey());
    }
    for (int id = 0; id < table.size(); id++) {
      assertThat(table.stableKey(id)).isEqualTo(table.get(id).stableKey());
    }
    assertThat(table.stableKey(SiteTable.SYNTHETIC)).isZero();
  }

  /** A reader on another thread that learnt an id from the registering thread sees its key. */
  @Test
  void aReaderSeesTheKeyOfEveryIdHandedToIt() throws Exception {
    SiteTable table = new SiteTable();
    AtomicInteger lastId = new AtomicInteger();
    CompletableFuture<Integer> checked = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              int seen = 0;
              try {
                while (seen < 5_000) {
                  int id = lastId.get();
                  if (id > seen) {
                    seen = id;
                    long expected = StableHash.of("p.C" + (id - 1), "m()V", (id - 1) % 3);
                    if (table.stableKey(id) != expected) {
                      throw new AssertionError("site " + id);
                    }
                  }
                }
                checked.complete(seen);
              } catch (Throwable t) {
                checked.completeExceptionally(t);
              }
            });
    reader.start();
    for (int i = 0; i < 5_000; i++) {
      lastId.set(register(table, i));
    }
    assertThat(checked.get()).isEqualTo(5_000);
  }

  @Test
  void anIdNeverRegisteredIsAnError() {
    SiteTable table = new SiteTable();
    assertThatThrownBy(() -> table.stableKey(5)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
