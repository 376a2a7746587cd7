package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.HookTable;
import java.util.Arrays;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Records which way each conditional jump and switch of the program's code goes ({@link
 * dev.weft.runtime.input.BranchCoverage}): before the jump, its operands are copied and handed to a
 * branch hook with the opcode and the site, then the jump runs as written. Stack-neutral and
 * without new labels or frames, so it composes with every other link. It is the last link before
 * the writer, so it sees the program's own jumps only: what other links insert goes straight to the
 * writer. A site's id hashes the class, the method and the jump's ordinal in it, so it is the same
 * in every run and every JVM (a corpus's inputs keep their meaning). Weft's own per-run models are
 * left out: their branches are no part of the program.
 */
final class BranchEdgeRewriter extends Rewriter {
  private final int methodHash;
  private int ordinal;

  BranchEdgeRewriter(MethodVisitor next, MethodContext method) {
    super(next, method);
    this.methodHash =
        (method.className + '.' + method.methodName + method.methodDesc).hashCode() * 31;
  }

  /** Whether the branches of this class are recorded: the program's, not Weft's models. */
  static boolean records(String className) {
    return !className.startsWith("dev/weft/runtime/");
  }

  private int nextSite() {
    return methodHash + ordinal++;
  }

  @Override
  public void visitJumpInsn(int opcode, Label label) {
    MethodVisitor out = out();
    if (opcode >= Opcodes.IFEQ && opcode <= Opcodes.IFLE) {
      out.visitInsn(Opcodes.DUP);
      pushInt(opcode);
      pushInt(nextSite());
      emit(HookTable.BRANCH_UNARY);
    } else if (opcode >= Opcodes.IF_ICMPEQ && opcode <= Opcodes.IF_ICMPLE) {
      out.visitInsn(Opcodes.DUP2);
      pushInt(opcode);
      pushInt(nextSite());
      emit(HookTable.BRANCH_BINARY);
    } else if (opcode == Opcodes.IF_ACMPEQ || opcode == Opcodes.IF_ACMPNE) {
      out.visitInsn(Opcodes.DUP2);
      pushInt(opcode);
      pushInt(nextSite());
      emit(HookTable.BRANCH_REFERENCES);
    } else if (opcode == Opcodes.IFNULL || opcode == Opcodes.IFNONNULL) {
      out.visitInsn(Opcodes.DUP);
      pushInt(opcode);
      pushInt(nextSite());
      emit(HookTable.BRANCH_NULLNESS);
    }
    super.visitJumpInsn(opcode, label);
  }

  @Override
  public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
    out().visitInsn(Opcodes.DUP);
    pushInt(min);
    pushInt(max);
    pushInt(nextSite());
    emit(HookTable.BRANCH_TABLE);
    super.visitTableSwitchInsn(min, max, dflt, labels);
  }

  @Override
  public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
    int[] sorted = keys.clone();
    Arrays.sort(sorted);
    out().visitInsn(Opcodes.DUP);
    out()
        .visitLdcInsn(
            Arrays.stream(sorted).mapToObj(Integer::toString).collect(Collectors.joining(",")));
    pushInt(nextSite());
    emit(HookTable.BRANCH_LOOKUP);
    super.visitLookupSwitchInsn(dflt, keys, labels);
  }
}
