package dev.weft.runtime.hooks;

import dev.weft.runtime.input.BranchCoverage;

/**
 * The branch edges of target code ({@link BranchCoverage}): called just before each conditional
 * jump and switch with copies of its operands, so that the run's edge map says which way it went.
 * Part of the ABI that instrumented code calls: forwarding only. No scheduling point: a branch
 * reads only the thread's own operand stack.
 */
public final class BranchHooks {
  private static final int IF_ACMPEQ = 165;
  private static final int IFNULL = 198;

  private BranchHooks() {}

  public static void unary(int value, int opcode, int site) {
    BranchCoverage.unary(value, opcode, site);
  }

  public static void binary(int a, int b, int opcode, int site) {
    BranchCoverage.binary(a, b, opcode, site);
  }

  public static void references(Object a, Object b, int opcode, int site) {
    BranchCoverage.references((a == b) == (opcode == IF_ACMPEQ), site);
  }

  public static void nullness(Object a, int opcode, int site) {
    BranchCoverage.references((a == null) == (opcode == IFNULL), site);
  }

  public static void table(int value, int min, int max, int site) {
    BranchCoverage.table(value, min, max, site);
  }

  public static void lookup(int value, String keys, int site) {
    BranchCoverage.lookup(value, keys, site);
  }
}
