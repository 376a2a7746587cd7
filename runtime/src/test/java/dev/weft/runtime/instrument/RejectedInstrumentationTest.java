package dev.weft.runtime.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.calls.HookTable;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.jvm.RejectedHelper;
import dev.weft.targets.jvm.RejectedInitialiser;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/**
 * A class Weft cannot instrument, or whose instrumented bytes the JVM rejects (when it is defined,
 * or when it is linked at its first use in some thread of the program), runs uninstrumented and is
 * listed as skipped: Weft's failure is never the program's finding, nor a crash.
 */
class RejectedInstrumentationTest {
  private static final String HELPER = RejectedHelper.Helper.class.getName();

  private static RunExecutor executor(Instrumenter.ClassRewrite lastStep) {
    return executor(RejectedHelper.class.getName(), lastStep);
  }

  private static RunExecutor executor(String mainClass, Instrumenter.ClassRewrite lastStep) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(Harness.testTargetsPath())),
            new SiteTable(),
            new FieldTable());
    instrumenter.lastStep(lastStep);
    return new RunExecutor(instrumenter, TargetSpec.main(mainClass, List.of()), RunBudget.DEFAULT);
  }

  @Test
  void aClassWhoseInstrumentationThrowsRunsUninstrumented() throws Exception {
    RunExecutor executor =
        executor(
            (name, bytes) -> {
              if (name.equals(HELPER)) {
                throw new NoClassDefFoundError("simulated: a type the rewriting needed is missing");
              }
              return bytes;
            });
    executor.validate();

    RunResult r = executor.execute(new RandomWalk(1), 1);

    assertThat(r.outcome())
        .as("%s %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    assertThat(executor.instrumenter().skippedClasses())
        .containsOnlyKeys(HELPER)
        .hasEntrySatisfying(HELPER, why -> assertThat(why).contains("simulated"));
  }

  @Test
  void aClassWhoseInstrumentationThrowsStillHasItsInitialiserWrapped() throws Exception {
    String table = RejectedInitialiser.Table.class.getName();
    RunExecutor executor =
        executor(
            RejectedInitialiser.class.getName(),
            (name, bytes) -> {
              if (name.equals(table)) {
                throw new IllegalStateException("simulated: the rewriting failed");
              }
              return bytes;
            });
    executor.validate();

    for (int run = 1; run <= 20; run++) {
      RunResult r = executor.execute(new RandomWalk(run), run);
      assertThat(r.outcome())
          .as("run %d: %s %s", run, r.failure(), r.diagnostic())
          .isEqualTo(RunResult.Outcome.PASSED);
    }
    assertThat(executor.instrumenter().skippedClasses()).containsOnlyKeys(table);
    assertThat(
            InitialiserOnlyRewriteTest.initialiserCalls(
                executor.instrumenter().instrumented(table).orElseThrow()))
        .as("its static initialiser is still one section that names its class")
        .contains(HookTable.INITIALISER_BEGINS.name(), HookTable.INITIALISER_ENDS.name());
  }

  @Test
  void aClassTheVerifierRejectsAtItsFirstUseIsSkippedOnceThenRunsUninstrumented() throws Exception {
    RunExecutor executor =
        executor((name, bytes) -> name.equals(HELPER) ? unverifiable(bytes) : bytes);
    executor.validate();

    RunResult first = executor.execute(new RandomWalk(1), 1);
    RunResult second = executor.execute(new RandomWalk(2), 2);

    assertThat(first.outcome()).as("%s", first.failure()).isEqualTo(RunResult.Outcome.SKIPPED);
    assertThat(first.diagnostic())
        .contains("rejected Weft's instrumentation of " + HELPER)
        .contains("VerifyError");
    assertThat(second.outcome())
        .as("%s %s", second.failure(), second.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    assertThat(executor.instrumenter().skippedClasses())
        .containsOnlyKeys(HELPER)
        .hasEntrySatisfying(HELPER, why -> assertThat(why).startsWith(Instrumenter.REJECTED));
  }

  @Test
  void aMainClassTheVerifierRejectsRunsUninstrumentedFromTheStart() throws Exception {
    String main = RejectedHelper.class.getName();
    RunExecutor executor =
        executor((name, bytes) -> name.equals(main) ? unverifiable(bytes) : bytes);
    executor.validate();

    RunResult r = executor.execute(new RandomWalk(1), 1);

    assertThat(r.outcome())
        .as("%s %s", r.failure(), r.diagnostic())
        .isEqualTo(RunResult.Outcome.PASSED);
    assertThat(executor.instrumenter().skippedClasses()).containsOnlyKeys(main);
  }

  /**
   * The class with an {@code int} passed where an object is expected at the start of every method:
   * bytes the verifier rejects when the class is linked, as the wrong escape mark once made.
   */
  private static byte[] unverifiable(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            return new MethodVisitor(Opcodes.ASM9, mv) {
              @Override
              public void visitCode() {
                super.visitCode();
                super.visitInsn(Opcodes.ICONST_0);
                super.visitMethodInsn(
                    Opcodes.INVOKESTATIC,
                    "java/util/Objects",
                    "requireNonNull",
                    "(Ljava/lang/Object;)Ljava/lang/Object;",
                    false);
                super.visitInsn(Opcodes.POP);
              }
            };
          }
        },
        0);
    return writer.toByteArray();
  }
}
