package dev.weft.trace;

import java.util.Arrays;

/**
 * Names the variable a location stands for by stable hashes (the field's class and name, the
 * allocation site's stable key), not by the process's field and site numbers: those depend on the
 * order classes were first instrumented, which a thread another run left running can change, and a
 * strategy that iterates over variables must choose the same way in every process.
 */
public final class StableVariables {
  private final ObjectNames objects;
  private final SiteTable sites;
  private final FieldTable fields;

  /** Stable keys of static fields by field id, filled as they are asked for. */
  private long[] staticVariables = new long[0];

  public StableVariables(ObjectNames objects, SiteTable sites, FieldTable fields) {
    this.objects = objects;
    this.sites = sites;
    this.fields = fields;
  }

  /**
   * The variable {@code location} (not {@link Locations#NONE}) belongs to: every object allocated
   * at one site is one variable, named by that site; a static field is a variable of its own.
   */
  public long of(long location) {
    int object = Locations.objectNumber(location);
    if (object != 0) {
      int site = objects.namingSite(object);
      return StableHash.mixLong(0x4845_4150L, site == 0 ? 0 : sites.stableKey(site));
    }
    int field = Locations.member(location);
    if (field < 0) {
      return StableHash.mixInt(0x5354_4154L, field);
    }
    if (field >= staticVariables.length) {
      staticVariables = Arrays.copyOf(staticVariables, Math.max(field + 1, 2 * field));
    }
    if (staticVariables[field] == 0) {
      staticVariables[field] = StableHash.mix(0x5354_4154L, fields.name(field));
    }
    return staticVariables[field];
  }
}
