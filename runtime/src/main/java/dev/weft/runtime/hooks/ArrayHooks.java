package dev.weft.runtime.hooks;

import dev.weft.runtime.access.Accesses;

/**
 * Array element reads and writes of target code ({@link Accesses}); a write hook performs the
 * store. Part of the ABI that instrumented code calls: forwarding only, so the hook table stays a
 * plain list of entry points and the behaviour lives in the models.
 */
public final class ArrayHooks {
  private ArrayHooks() {}

  public static void arrayRead(Object array, int index, int site) {
    Accesses.arrayRead(array, index, site);
  }

  public static void iastore(int[] a, int i, int v, int site) {
    Accesses.iastore(a, i, v, site);
  }

  public static void lastore(long[] a, int i, long v, int site) {
    Accesses.lastore(a, i, v, site);
  }

  public static void fastore(float[] a, int i, float v, int site) {
    Accesses.fastore(a, i, v, site);
  }

  public static void dastore(double[] a, int i, double v, int site) {
    Accesses.dastore(a, i, v, site);
  }

  public static void aastore(Object[] a, int i, Object v, int site) {
    Accesses.aastore(a, i, v, site);
  }

  public static void bastore(Object a, int i, int v, int site) {
    Accesses.bastore(a, i, v, site);
  }

  public static void castore(char[] a, int i, char v, int site) {
    Accesses.castore(a, i, v, site);
  }

  public static void sastore(short[] a, int i, short v, int site) {
    Accesses.sastore(a, i, v, site);
  }
}
