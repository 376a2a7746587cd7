package dev.weft.fuzz;

import dev.weft.examples.Catalog;
import dev.weft.examples.Example;
import dev.weft.runtime.exec.RunBudget;
import dev.weft.runtime.exec.RunExecutor;
import dev.weft.runtime.exec.TargetSpec;
import dev.weft.runtime.instrument.Instrumenter;
import dev.weft.runtime.instrument.TargetClassPath;
import dev.weft.trace.FieldTable;
import dev.weft.trace.SiteTable;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * Builds executors over the examples module and over this module's test targets. The runtime's own
 * tests have a fuller harness of their own ({@code dev.weft.runtime.Harness} in {@code runtime/}).
 */
public final class Harness {
  private Harness() {}

  public static Path examplesPath() {
    return codeSource(Catalog.class);
  }

  public static Path testTargetsPath() {
    return codeSource(Harness.class);
  }

  /** The jar of Jazzer's API, which fuzz targets in the Jazzer style need on their class path. */
  public static Path jazzerApiPath() {
    return codeSource(com.code_intelligence.jazzer.api.FuzzedDataProvider.class);
  }

  private static Path codeSource(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static RunExecutor forExample(Example example) {
    return executor(
        examplesPath(),
        TargetSpec.main(example.mainClass(), List.of(example.args())),
        RunBudget.DEFAULT);
  }

  public static RunExecutor executor(Path classPath, TargetSpec spec, RunBudget budget) {
    Instrumenter instrumenter =
        new Instrumenter(
            new TargetClassPath(List.of(classPath)), new SiteTable(), new FieldTable());
    return new RunExecutor(instrumenter, spec, budget);
  }
}
