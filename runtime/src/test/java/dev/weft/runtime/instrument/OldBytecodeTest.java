package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.oracle.FindingKind;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Class files as Java 1.4 compilers wrote them: {@code finally} blocks as JSR/RET subroutines, no
 * class constants. Weft instruments them like any class, so their races are found and their {@code
 * static synchronized} methods verify and exclude.
 */
class OldBytecodeTest {
  private static final String COUNTER = "old/Counter";
  private static final String BUMP = "old/Counter$Bump";

  @TempDir Path classes;

  @Test
  void aLostUpdateInsideASubroutineIsFound() throws Exception {
    writeClasses(Opcodes.V1_4);
    RunExecutor ex = executor("race");
    RandomWalk random = new RandomWalk(7);
    RunResult found = null;
    for (int run = 1; run <= 300 && found == null; run++) {
      RunResult r = ex.execute(random, run);
      assertThat(r.outcome()).as("%s", r.diagnostic()).isNotEqualTo(RunResult.Outcome.SKIPPED);
      if (r.failed()) {
        found = r;
      }
    }
    assertThat(found).as("the lost update in the JSR subroutine").isNotNull();
    assertThat(found.failure().kind()).isEqualTo(FindingKind.ASSERTION);
    assertThat(found.failure().message()).contains("lost update");
  }

  @Test
  void staticSynchronizedInAVersion48ClassVerifiesAndExcludes() throws Exception {
    writeClasses(Opcodes.V1_4);
    RunExecutor ex = executor("raceSync");
    RandomWalk random = new RandomWalk(8);
    for (int run = 1; run <= 200; run++) {
      RunResult r = ex.execute(random, run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
  }

  @Test
  void oldClassesAreRaisedToVersion51UnlessTheirFramesNeedAGuess() throws Exception {
    writeClasses(Opcodes.V1_4);
    Files.write(classes.resolve("old/Guess.class"), guessing());
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(classes)), new SiteTable(), new FieldTable());
    // raised: its JDK collection calls can then become invokedynamic access sites
    assertThat(majorVersion(instrumenter.instrumented("old.Counter").orElseThrow())).isEqualTo(51);
    // a merge of two types missing from the class path: version 51 has no verifier to fall back on
    assertThat(majorVersion(instrumenter.instrumented("old.Guess").orElseThrow())).isEqualTo(48);
  }

  private static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
  }

  /** {@code old.Guess.pick(b)} returns a new {@code missing.A} or {@code missing.B}. */
  private static byte[] guessing() {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V1_4, Opcodes.ACC_PUBLIC, "old/Guess", null, "java/lang/Object", null);
    MethodVisitor m =
        cw.visitMethod(
            Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "pick", "(Z)Ljava/lang/Object;", null, null);
    m.visitCode();
    Label other = new Label();
    Label done = new Label();
    m.visitVarInsn(Opcodes.ILOAD, 0);
    m.visitJumpInsn(Opcodes.IFEQ, other);
    m.visitTypeInsn(Opcodes.NEW, "missing/A");
    m.visitInsn(Opcodes.DUP);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, "missing/A", "<init>", "()V", false);
    m.visitJumpInsn(Opcodes.GOTO, done);
    m.visitLabel(other);
    m.visitTypeInsn(Opcodes.NEW, "missing/B");
    m.visitInsn(Opcodes.DUP);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, "missing/B", "<init>", "()V", false);
    m.visitLabel(done);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  private RunExecutor executor(String method) {
    Instrumenter instrumenter =
        new Instrumenter(new TargetClassPath(List.of(classes)), new SiteTable(), new FieldTable());
    return new RunExecutor(
        instrumenter, TargetSpec.method("old.Counter::" + method), RunBudget.DEFAULT);
  }

  /**
   * {@code old.Counter}: {@code increment()} adds one to a static counter inside a subroutine
   * (read, add, write: a lost update when two threads interleave), {@code incrementSync()} does the
   * same as a static synchronized method; {@code race()}/{@code raceSync()} run two threads that
   * each increment once and throw an {@code AssertionError} unless the count is 2. {@code
   * old.Counter$Bump} is the threads' {@code Runnable}.
   */
  private void writeClasses(int version) throws Exception {
    Path dir = Files.createDirectories(classes.resolve("old"));
    Files.write(dir.resolve("Counter.class"), counter(version));
    Files.write(dir.resolve("Counter$Bump.class"), bump(version));
  }

  private static byte[] counter(int version) {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(version, Opcodes.ACC_PUBLIC, COUNTER, null, "java/lang/Object", null);
    cw.visitField(Opcodes.ACC_STATIC, "count", "I", null, null).visitEnd();
    constructor(cw);

    MethodVisitor mv =
        cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "increment", "()V", null, null);
    mv.visitCode();
    Label sub = new Label();
    mv.visitJumpInsn(Opcodes.JSR, sub);
    mv.visitInsn(Opcodes.RETURN);
    mv.visitLabel(sub);
    mv.visitVarInsn(Opcodes.ASTORE, 0);
    addOne(mv);
    mv.visitVarInsn(Opcodes.RET, 0);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    mv =
        cw.visitMethod(
            Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNCHRONIZED,
            "incrementSync",
            "()V",
            null,
            null);
    mv.visitCode();
    addOne(mv);
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    twoThreads(cw, "race", false);
    twoThreads(cw, "raceSync", true);
    cw.visitEnd();
    return cw.toByteArray();
  }

  private static void addOne(MethodVisitor mv) {
    mv.visitFieldInsn(Opcodes.GETSTATIC, COUNTER, "count", "I");
    mv.visitInsn(Opcodes.ICONST_1);
    mv.visitInsn(Opcodes.IADD);
    mv.visitFieldInsn(Opcodes.PUTSTATIC, COUNTER, "count", "I");
  }

  private static void twoThreads(ClassWriter cw, String name, boolean sync) {
    MethodVisitor mv =
        cw.visitMethod(
            Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC,
            name,
            "()V",
            null,
            new String[] {"java/lang/InterruptedException"});
    mv.visitCode();
    for (int slot = 0; slot < 2; slot++) {
      mv.visitTypeInsn(Opcodes.NEW, "java/lang/Thread");
      mv.visitInsn(Opcodes.DUP);
      mv.visitTypeInsn(Opcodes.NEW, BUMP);
      mv.visitInsn(Opcodes.DUP);
      mv.visitInsn(sync ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
      mv.visitMethodInsn(Opcodes.INVOKESPECIAL, BUMP, "<init>", "(Z)V", false);
      mv.visitMethodInsn(
          Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>", "(Ljava/lang/Runnable;)V", false);
      mv.visitVarInsn(Opcodes.ASTORE, slot);
      mv.visitVarInsn(Opcodes.ALOAD, slot);
      mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Thread", "start", "()V", false);
    }
    for (int slot = 0; slot < 2; slot++) {
      mv.visitVarInsn(Opcodes.ALOAD, slot);
      mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Thread", "join", "()V", false);
    }
    Label ok = new Label();
    mv.visitFieldInsn(Opcodes.GETSTATIC, COUNTER, "count", "I");
    mv.visitInsn(Opcodes.ICONST_2);
    mv.visitJumpInsn(Opcodes.IF_ICMPEQ, ok);
    mv.visitTypeInsn(Opcodes.NEW, "java/lang/AssertionError");
    mv.visitInsn(Opcodes.DUP);
    mv.visitLdcInsn("lost update");
    mv.visitMethodInsn(
        Opcodes.INVOKESPECIAL,
        "java/lang/AssertionError",
        "<init>",
        "(Ljava/lang/Object;)V",
        false);
    mv.visitInsn(Opcodes.ATHROW);
    mv.visitLabel(ok);
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static byte[] bump(int version) {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(
        version,
        Opcodes.ACC_PUBLIC,
        BUMP,
        null,
        "java/lang/Object",
        new String[] {"java/lang/Runnable"});
    cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, "sync", "Z", null, null).visitEnd();
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(Z)V", null, null);
    mv.visitCode();
    mv.visitVarInsn(Opcodes.ALOAD, 0);
    mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    mv.visitVarInsn(Opcodes.ALOAD, 0);
    mv.visitVarInsn(Opcodes.ILOAD, 1);
    mv.visitFieldInsn(Opcodes.PUTFIELD, BUMP, "sync", "Z");
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "run", "()V", null, null);
    mv.visitCode();
    Label plain = new Label();
    Label done = new Label();
    mv.visitVarInsn(Opcodes.ALOAD, 0);
    mv.visitFieldInsn(Opcodes.GETFIELD, BUMP, "sync", "Z");
    mv.visitJumpInsn(Opcodes.IFEQ, plain);
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "incrementSync", "()V", false);
    mv.visitJumpInsn(Opcodes.GOTO, done);
    mv.visitLabel(plain);
    mv.visitMethodInsn(Opcodes.INVOKESTATIC, COUNTER, "increment", "()V", false);
    mv.visitLabel(done);
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  private static void constructor(ClassWriter cw) {
    MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    mv.visitCode();
    mv.visitVarInsn(Opcodes.ALOAD, 0);
    mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    mv.visitInsn(Opcodes.RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }
}
