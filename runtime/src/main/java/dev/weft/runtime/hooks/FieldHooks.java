package dev.weft.runtime.hooks;

import dev.weft.runtime.access.Accesses;

/**
 * Field and static field accesses of target code ({@link Accesses}). Part of the ABI that
 * instrumented code calls: forwarding only, so the hook table stays a plain list of entry points
 * and the behaviour lives in the models.
 */
public final class FieldHooks {
  private FieldHooks() {}

  public static void getField(Object obj, int field, int site) {
    Accesses.getField(obj, field, site);
  }

  public static void putField(Object obj, int field, int site) {
    Accesses.putField(obj, field, site);
  }

  public static void putFieldReference(Object obj, Object value, int field, int site) {
    Accesses.putFieldReference(obj, value, field, site);
  }

  public static void getStatic(int field, int site) {
    Accesses.getStatic(field, site);
  }

  public static void putStatic(int field, int site) {
    Accesses.putStatic(field, site);
  }
}
