package dev.weft.runtime;

import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.runtime.trace.FieldTable;
import dev.weft.runtime.trace.SiteTable;
import java.nio.file.Path;
import java.util.List;

/** Builds executors over this module's compiled test classes. */
public final class Runs {
  private Runs() {}

  public static Path testClasses() {
    try {
      return Path.of(Runs.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static RunExecutor executor(Class<?> mainClass) {
    return executor(TargetSpec.main(mainClass.getName(), List.of()), RunBudget.DEFAULT);
  }

  public static RunExecutor executor(TargetSpec spec, RunBudget budget) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(testClasses())), new SiteTable(), new FieldTable());
    return new RunExecutor(instrumenter, spec, budget);
  }
}
