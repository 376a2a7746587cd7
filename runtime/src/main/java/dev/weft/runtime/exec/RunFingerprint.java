package dev.weft.runtime.exec;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.oracle.Failure;
import dev.weft.trace.FieldTable;
import dev.weft.trace.Locations;
import dev.weft.trace.Site;
import dev.weft.trace.SiteTable;
import dev.weft.trace.StableHash;
import dev.weft.trace.Trace;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.function.IntToLongFunction;
import java.util.function.UnaryOperator;

/**
 * What a run did, as one number that two runs share exactly when they behaved alike: outcome,
 * failure signatures, decisions and every event of the trace with its causal edges. Sites and
 * fields count by name, not by id: ids follow the order in which classes were first instrumented,
 * which differs between processes and between two copies of the classes in one process without any
 * change in behaviour. Behaviour recordings compare runs across versions of Weft this way, and a
 * campaign compares a run on reused classes with its replay on classes defined afresh.
 */
public final class RunFingerprint {
  private RunFingerprint() {}

  /**
   * The fingerprint of {@code r}, with sites and fields named as they are and each object by the
   * order in which it first appears in the trace. Run-local numbers count every object named
   * before, and names say where an object was made; both differ between two runs that behaved alike
   * when one made an object the other found made already (an enum constant made by its class's
   * initialiser on fresh classes, made once for every run on shared ones). The order of first
   * appearance is the same whenever the events are.
   */
  public static long byFirstAppearance(RunResult r, SiteTable sites, FieldTable fields) {
    Int2IntOpenHashMap order = new Int2IntOpenHashMap();
    return of(
        r,
        sites,
        fields,
        UnaryOperator.identity(),
        n -> n == 0 ? 0 : order.computeIfAbsent(n, k -> order.size() + 1));
  }

  /**
   * The fingerprint of {@code r}, class and field names passed through {@code names} first (a
   * recording made before a package was renamed compares under the new name).
   */
  public static long of(
      RunResult r, SiteTable sites, FieldTable fields, UnaryOperator<String> names) {
    return of(r, sites, fields, names, n -> n);
  }

  private static long of(
      RunResult r,
      SiteTable sites,
      FieldTable fields,
      UnaryOperator<String> names,
      IntToLongFunction objectKey) {
    long h = StableHash.mixInt(0xcbf29ce484222325L, r.outcome().ordinal());
    for (Failure f : r.failures()) {
      h = StableHash.mix(h, f.signature());
    }
    for (int d : r.decisions()) {
      h = StableHash.mixInt(h, d);
    }
    Trace t = r.trace();
    if (t == null) {
      return h ^ (h >>> 32);
    }
    h = StableHash.mixInt(h, t.size());
    for (int i = 0; i < t.size(); i++) {
      h = StableHash.mixInt(h, t.thread(i));
      h = StableHash.mixInt(h, t.kind(i).ordinal());
      h = StableHash.mixLong(h, siteKey(sites.get(t.site(i)), names));
      long location = t.location(i);
      long object = objectKey.applyAsLong(Locations.objectNumber(location));
      h =
          object == (int) object
              ? StableHash.mixInt(h, (int) object)
              : StableHash.mixLong(h, object);
      int member = Locations.member(location);
      boolean field = member >= 0 && !t.kind(i).name().startsWith("ARRAY");
      h =
          field
              ? StableHash.mix(h, names.apply(fields.name(member)))
              : StableHash.mixInt(h, member);
    }
    for (int e = 0; e < t.causalEdgeCount(); e++) {
      h = StableHash.mixInt(h, t.causalEdgeSource(e));
      h = StableHash.mixInt(h, t.causalEdgeTarget(e));
    }
    return h ^ (h >>> 32);
  }

  /** A site by class, method, line and operation. */
  private static long siteKey(Site site, UnaryOperator<String> names) {
    long h = StableHash.mix(0, names.apply(site.className()));
    h = StableHash.mix(h, site.methodName());
    h = StableHash.mixInt(h, site.line());
    return StableHash.mix(h, names.apply(site.operation()));
  }
}
