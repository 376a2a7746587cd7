package dev.weft.runtime.instrument.rewrite;

import dev.weft.runtime.instrument.calls.MethodRefBridges;
import dev.weft.runtime.instrument.calls.TypeHierarchy;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * Assembles the rewriting of one method as a chain of small visitors, one concern each, so that
 * every shared access and synchronisation operation passes through the hooks ({@code
 * dev.weft.runtime.hooks}). The order matters only where concerns meet: method references are
 * bridged first; allocation naming sees every original instruction (to pair {@code new} with its
 * constructor call, and to hand a new file or socket to the run) before the pool rewriter
 * substitutes classes; the calls that open resources are noted next ({@code ResourceOpenings}); the
 * rewriters that replace instructions come last and write their replacements straight to the class
 * writer. Escapes are marked next after the bridging, on every call as written, before any is
 * replaced. Thread naming is the link next to the writer, so the name it inserts directly precedes
 * the constructor call. Escapes through calls are marked only for runs that track thread-local
 * objects ({@code markCallEscapes}): runs that do not need nothing of that rewriting, nor its
 * risks. Initialisation guards come first, before anything an instruction is rewritten into. Branch
 * edges are recorded by the link next to the writer (before thread naming), which sees only the
 * program's own jumps.
 */
public final class MethodInstrumenter {
  private MethodInstrumenter() {}

  public static MethodVisitor chain(
      MethodVisitor writer,
      String className,
      String methodName,
      String methodDesc,
      int access,
      String sourceFile,
      TypeHierarchy types,
      SiteTable sites,
      FieldTable fields,
      int classVersion,
      MethodRefBridges bridges,
      int firstFreeLocal,
      boolean markCallEscapes) {
    MethodContext method =
        new MethodContext(
            className,
            methodName,
            methodDesc,
            access,
            sourceFile,
            types,
            sites,
            fields,
            classVersion,
            bridges,
            firstFreeLocal);
    method.out = writer;
    MethodVisitor v =
        BranchEdgeRewriter.records(className) ? new BranchEdgeRewriter(writer, method) : writer;
    v = new ThreadNaming(v, method);
    v = new JdkCallSiteRewriter(v, method);
    v = new VarHandleRewriter(v, method);
    v = new UnsafeRewriter(v, method);
    v = new CallRewriter(v, method);
    v = new MonitorRewriter(v, method);
    v = new ArrayAccessRewriter(v, method);
    v = new FieldAccessRewriter(v, method);
    v = new FieldUpdaterNotes(v, method);
    v = new PoolSubstitution(v, method);
    v = new ResourceOpenings(v, method);
    v = new AllocationNaming(v, method);
    v = new EscapeRewriter(v, method, markCallEscapes);
    v = new MethodReferenceRewriter(v, method);
    return new InitialisationGuards(v, method);
  }
}
