package dev.weft.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ObjectNamesTest {
  @Test
  void objectsAreNamedByTheirSiteAndHowManyItMadeBefore() {
    SiteTable sites = new SiteTable();
    int site = sites.register("com.acme.Bank", "open", "()V", 1, "Bank.java", 12, "new Account");
    ObjectNames names = new ObjectNames();
    Object first = new Object();
    Object second = new Object();
    names.allocated(first, site);
    names.allocated(second, site);
    Object met = new Object();
    int seenAt = sites.register("com.acme.Bank", "open", "()V", 2, "Bank.java", 40, "read x");

    assertThat(names.describe(names.numberOf(first, 0), sites)).isEqualTo("new@Bank.java:12#0");
    assertThat(names.describe(names.numberOf(second, 0), sites)).isEqualTo("new@Bank.java:12#1");
    assertThat(names.describe(names.numberOf(met, seenAt), sites)).isEqualTo("seen@Bank.java:40#0");
    assertThat(names.describe(0, sites)).isEqualTo("static");
  }

  /**
   * {@code Account a = new Account(), b = new Account();}: two sites on one line, two locks, two
   * names, numbered in the order the run made them; a third object, made elsewhere in between,
   * keeps its own count.
   */
  @Test
  void objectsMadeOnOneLineByTwoSitesGetDistinctNames() {
    SiteTable sites = new SiteTable();
    int a = sites.register("com.acme.Bank", "main", "()V", 1, "Bank.java", 20, "new Account");
    int other = sites.register("com.acme.Bank", "main", "()V", 2, "Bank.java", 21, "new Ledger");
    int b = sites.register("com.acme.Bank", "main", "()V", 3, "Bank.java", 20, "new Account");
    ObjectNames names = new ObjectNames();
    Object first = new Object();
    Object ledger = new Object();
    Object second = new Object();
    Object third = new Object();
    names.allocated(first, a);
    names.allocated(ledger, other);
    names.allocated(second, b);
    names.allocated(third, a);

    assertThat(names.describe(names.numberOf(first, 0), sites)).isEqualTo("new@Bank.java:20#0");
    assertThat(names.describe(names.numberOf(second, 0), sites)).isEqualTo("new@Bank.java:20#1");
    assertThat(names.describe(names.numberOf(third, 0), sites)).isEqualTo("new@Bank.java:20#2");
    assertThat(names.describe(names.numberOf(ledger, 0), sites)).isEqualTo("new@Bank.java:21#0");
  }
}
