package dev.weft.maven;

import dev.weft.corpus.FindingFiles;
import dev.weft.corpus.SavedFindings;
import dev.weft.runtime.exec.TargetSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code mvn weft:replay -Dweft.finding=FILE}: re-executes a finding (a {@code .weft} file, or
 * every one saved in a folder) on this project's test class path, and prints its failure with the
 * interleaving; the build fails while one still reproduces. The command a Maven user can run where
 * they are: a saved finding holds no class path of its own, and {@code weft} itself need not be
 * installed. In a build of several modules it runs in the module that holds the finding's test.
 */
@Mojo(
    name = "replay",
    requiresDependencyResolution = ResolutionScope.TEST,
    requiresProject = true,
    threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public final class ReplayMojo extends WeftMojo {
  /** A finding's {@code .weft} file, or a folder whose saved findings are all replayed. */
  @Parameter(property = "weft.finding", required = true)
  File finding;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("[weft] skipped (weft.skip)");
      return;
    }
    List<Path> files = files();
    TargetSpec first = targetOf(files.get(0));
    if (!module("replay", first).runsHere(holds(first), "test class " + first.className())) {
      return;
    }
    String classPath = String.join(File.pathSeparator, testClassPath());
    WeftJvm weft = weftJvm();
    List<Path> reproduced = new ArrayList<>();
    for (Path file : files) {
      int code = weft.run(List.of("replay", file.toString(), "--cp", classPath));
      if (code == WeftExit.FOUND) {
        reproduced.add(file);
      } else if (code == WeftExit.NOTHING_FOUND) {
        getLog().info("[weft] " + file + " no longer reproduces");
      } else {
        throw new MojoExecutionException(
            "weft replay of " + file + " ended with " + WeftExit.describe(code));
      }
    }
    if (!reproduced.isEmpty()) {
      throw new MojoFailureException(
          reproduced.size()
              + " of "
              + files.size()
              + " finding(s) still reproduce (the failure and the interleaving of each are printed"
              + " above): "
              + reproduced);
    }
  }

  /** The finding files named by {@code weft.finding}: the file, or the folder's saved ones. */
  private List<Path> files() throws MojoExecutionException {
    Path given = finding.toPath();
    if (Files.isDirectory(given)) {
      try {
        List<Path> saved = SavedFindings.replayFilesIn(given);
        if (saved.isEmpty()) {
          throw new MojoExecutionException(given + " holds no .weft finding to replay");
        }
        return saved;
      } catch (IOException e) {
        throw new MojoExecutionException("cannot list " + given + ": " + e, e);
      }
    }
    if (!Files.isRegularFile(given)) {
      throw new MojoExecutionException(
          "weft.finding names no file or folder: "
              + given
              + " (give a .weft file, or a folder of saved findings such as"
              + " src/test/resources/weft/<class>/<method>)");
    }
    return List.of(given);
  }

  private static TargetSpec targetOf(Path file) throws MojoExecutionException {
    try {
      return FindingFiles.read(file).target();
    } catch (IOException e) {
      throw new MojoExecutionException(
          "cannot read the finding " + file + ": " + e.getMessage(), e);
    }
  }
}
