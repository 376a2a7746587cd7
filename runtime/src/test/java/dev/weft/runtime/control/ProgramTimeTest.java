package dev.weft.runtime.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.examples.bench.ThreadFan;
import dev.weft.runtime.Harness;
import dev.weft.runtime.api.RunResult;
import dev.weft.runtime.carrier.CarrierCpu;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.strategy.RandomWalk;
import dev.weft.targets.setup.LongSetUp;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A hang is judged on the program's own progress: Weft's own work on a program thread (loading and
 * instrumenting classes) and a machine that is merely busy never make one, and a thread alone in
 * the run has no stall budget. Each test gives a stall budget far below what the set-up or the load
 * costs, so that counting either as the program's would make a hang every time.
 */
class ProgramTimeTest {
  private static final int GENERATED = 40;

  @TempDir Path generated;

  @Test
  void loadingALibraryBesideAWaitingThreadIsNoHang() throws Exception {
    RunResult r = runOnGenerated("loadBesideAWaitingThread", new RunBudget(100_000, 60_000, 50));
    assertThat(r.outcome()).as("%s %s", r.failures(), r.diagnostic()).isEqualTo(passed());
  }

  @Test
  void loadingALibraryAloneBeforeAnyStartIsNoHang() throws Exception {
    RunResult r = runOnGenerated("loadAloneThenPair", new RunBudget(100_000, 60_000, 50));
    assertThat(r.outcome()).as("%s %s", r.failures(), r.diagnostic()).isEqualTo(passed());
  }

  @Test
  void aThreadAloneComputingPastTheStallBudgetIsNoHangBeforeTheRunTimeout() throws Exception {
    RunExecutor ex =
        Harness.executor(
            TargetSpec.method(LongSetUp.class.getName() + "::computesAloneForAWhile"),
            new RunBudget(100_000, 60_000, 100));
    RunResult r = ex.execute(new RandomWalk(1), 1);
    assertThat(r.outcome()).as("%s", r.failures()).isEqualTo(passed());
  }

  @Test
  void aBusyMachineMakesNoHangOfACorrectFiftyThreadProgram() throws Exception {
    RunExecutor ex =
        Harness.executor(
            Harness.examplesPath(),
            TargetSpec.main(ThreadFan.class.getName(), List.of("50", "5")),
            new RunBudget(1_000_000, 60_000, 30));
    ex.execute(new RandomWalk(7), 0); // classes loaded and instrumented before the load starts
    List<Thread> busy = new ArrayList<>();
    boolean[] stop = {false};
    int n = 3 * Runtime.getRuntime().availableProcessors();
    for (int i = 0; i < n; i++) {
      Thread t =
          new Thread(
              () -> {
                CarrierCpu.pinCurrent(); // compete for the carriers' own processor
                long x = 0;
                while (!stopped(stop)) {
                  x++;
                }
                if (x == 42) {
                  System.out.println(x);
                }
              },
              "busy-" + i);
      t.setDaemon(true);
      t.start();
      busy.add(t);
    }
    try {
      for (int run = 1; run <= 15; run++) {
        RunResult r = ex.execute(new RandomWalk(run), run);
        assertThat(r.outcome())
            .as("run %d: %s %s", run, r.failures(), r.diagnostic())
            .isEqualTo(passed());
      }
    } finally {
      synchronized (stop) {
        stop[0] = true;
      }
      for (Thread t : busy) {
        t.join();
      }
    }
  }

  private static boolean stopped(boolean[] stop) {
    synchronized (stop) {
      return stop[0];
    }
  }

  private static RunResult.Outcome passed() {
    return RunResult.Outcome.PASSED;
  }

  private RunResult runOnGenerated(String method, RunBudget budget) throws Exception {
    generateClasses(generated, GENERATED);
    RunExecutor ex =
        new RunExecutor(
            new Instrumenter(
                new TargetClassPath(List.of(Harness.testTargetsPath(), generated)),
                new SiteTable(),
                new FieldTable()),
            TargetSpec.method(LongSetUp.class.getName() + "::" + method),
            budget);
    return ex.execute(new RandomWalk(3), 1);
  }

  /**
   * Writes {@code count} classes {@code dev.weft.generated.BigN}, each with a method of many static
   * field accesses (what instrumentation rewrites), into {@code dir}.
   */
  static void generateClasses(Path dir, int count) throws Exception {
    Path pkg = Files.createDirectories(dir.resolve("dev/weft/generated"));
    for (int n = 0; n < count; n++) {
      String name = "dev/weft/generated/Big" + n;
      ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
      cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
      for (int f = 0; f < 20; f++) {
        cw.visitField(Opcodes.ACC_STATIC, "f" + f, "I", null, null).visitEnd();
      }
      for (int m = 0; m < 2; m++) {
        MethodVisitor mv =
            cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "m" + m, "()V", null, null);
        mv.visitCode();
        for (int i = 0; i < 200; i++) {
          String field = "f" + (i % 20);
          mv.visitFieldInsn(Opcodes.GETSTATIC, name, field, "I");
          mv.visitInsn(Opcodes.ICONST_1);
          mv.visitInsn(Opcodes.IADD);
          mv.visitFieldInsn(Opcodes.PUTSTATIC, name, field, "I");
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
      }
      cw.visitEnd();
      Files.write(pkg.resolve("Big" + n + ".class"), cw.toByteArray());
    }
  }
}
