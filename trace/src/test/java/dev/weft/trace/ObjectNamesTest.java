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
}
