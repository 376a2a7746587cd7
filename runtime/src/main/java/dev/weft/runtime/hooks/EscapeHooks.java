package dev.weft.runtime.hooks;

import dev.weft.runtime.access.Escapes;

/**
 * Where references leave the thread that made them, and where objects are born local ({@link
 * Escapes}). Part of the ABI that instrumented code calls: forwarding only, so the hook table stays
 * a plain list of entry points and the behaviour lives in the models.
 */
public final class EscapeHooks {
  private EscapeHooks() {}

  public static void escape(Object value) {
    Escapes.escape(value);
  }

  public static void escapeReceiver(Object receiver, String method) {
    Escapes.escapeReceiver(receiver, method);
  }

  public static void viewMade(Object view) {
    Escapes.viewMade(view);
  }

  public static void storedDuringInit(Object value, String initialising) {
    Escapes.storedDuringInit(value, initialising);
  }

  public static void classInitialised(String initialised) {
    Escapes.classInitialised(initialised);
  }

  public static void stored(Object holder, Object value) {
    Escapes.stored(holder, value);
  }

  public static void constructed(Object object) {
    Escapes.constructed(object);
  }

  public static void copied(Object copy) {
    Escapes.copied(copy);
  }

  public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length) {
    Escapes.arraycopy(src, srcPos, dst, dstPos, length);
  }
}
