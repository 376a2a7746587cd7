package dev.weft.targets.fail.identities;

import java.util.ArrayList;
import java.util.List;

/**
 * A target that reports what varies from JVM run to JVM run: identity hash codes (directly, through
 * {@code hashCode()}, {@code super.hashCode()} and {@code Object.toString()}) and thread ids. The
 * report is the failure message, so two runs of one schedule can be compared.
 */
public final class IdentityReports {
  private IdentityReports() {}

  static final class Plain {}

  static final class Overrides {
    @Override
    public int hashCode() {
      return 31 * super.hashCode();
    }
  }

  public static void reportsIdentities() throws InterruptedException {
    List<Object> seen = new ArrayList<>();
    Object o = new Object();
    Plain p = new Plain();
    seen.add(System.identityHashCode(o));
    seen.add(o.hashCode());
    seen.add(p.hashCode());
    seen.add(new Overrides().hashCode());
    seen.add(p.toString());
    seen.add(Thread.currentThread().getId());
    Thread t = new Thread(() -> {});
    seen.add(t.getId());
    t.start();
    t.join();
    throw new AssertionError("identities " + seen);
  }
}
