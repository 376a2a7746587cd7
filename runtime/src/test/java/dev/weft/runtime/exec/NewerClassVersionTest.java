package dev.weft.runtime.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/** A target compiled for a newer JDK is reported as such, with the way to run Weft on it. */
class NewerClassVersionTest {
  @TempDir Path classes;

  @Test
  void saysWhichJdkIsNeeded() throws Exception {
    ClassWriter cw = new ClassWriter(0);
    cw.visit(99, Opcodes.ACC_PUBLIC, "future/Prog", null, "java/lang/Object", null);
    cw.visitEnd();
    Files.createDirectories(classes.resolve("future"));
    Files.write(classes.resolve("future/Prog.class"), cw.toByteArray());
    RunExecutor ex =
        new RunExecutor(
            new Instrumenter(
                new TargetClassPath(List.of(classes)), new SiteTable(), new FieldTable()),
            TargetSpec.main("future.Prog", List.of()),
            RunBudget.DEFAULT);
    assertThatThrownBy(ex::validate)
        .isInstanceOf(TargetException.class)
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .contains("compiled for a newer JDK")
                    .contains("needs Java 55 or newer")
                    .contains("JAVA=")
                    .doesNotContain("was not found"));
  }
}
