package dev.weft.maven;

import dev.weft.runtime.exec.TargetSpec;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the goals share: the test method a campaign is about ({@code -Dweft.test}), where its
 * campaign directory is, and how Weft's own JVM is started.
 */
abstract class WeftMojo extends AbstractMojo {
  /** The test method, {@code com.acme.AccountTest#deposits} (every goal but replay). */
  @Parameter(property = "weft.test")
  String test;

  /** Where the campaign directories are, one per test method, {@code <class>#<method>}. */
  @Parameter(property = "weft.campaigns", defaultValue = "${project.build.directory}/weft")
  File campaigns;

  /** Options of the JVM Weft runs in (and the target with it), e.g. {@code -Xmx2g}. */
  @Parameter(property = "weft.jvmOptions")
  List<String> jvmOptions = new ArrayList<>();

  /** Skips the goal. */
  @Parameter(property = "weft.skip", defaultValue = "false")
  boolean skip;

  @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
  PluginDescriptor plugin;

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  /** This module's part in a build of several: whether the goal runs here. */
  TestModule module(String goal, TargetSpec target) {
    return new TestModule(session, project, goal, target.describe(), getLog());
  }

  /** The target, {@code weft.test} checked. */
  TargetSpec target() throws MojoExecutionException {
    if (test == null || test.isBlank()) {
      throw new MojoExecutionException(
          "weft.test names the test method, e.g. -Dweft.test=com.acme.AccountTest#deposits");
    }
    try {
      return TargetSpec.test(test.strip());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(
          "weft.test must name a test method, e.g. -Dweft.test=com.acme.AccountTest#deposits;"
              + " got '"
              + test
              + "'");
    }
  }

  /** Whether the test class of {@code target} was compiled in this module. */
  boolean holds(TargetSpec target) {
    String file = target.className().replace('.', '/') + ".class";
    return Files.isRegularFile(Path.of(project.getBuild().getTestOutputDirectory(), file));
  }

  /**
   * The project's test class path, without the entries that do not exist (a module without main
   * sources has no {@code target/classes}), which Weft would refuse as a mistyped path.
   */
  List<String> testClassPath() throws MojoExecutionException {
    try {
      return project.getTestClasspathElements().stream()
          .filter(entry -> Files.exists(Path.of(entry)))
          .toList();
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException("the test class path is not resolved: " + e, e);
    }
  }

  /** {@code target/weft/<class>#<method>}: the campaign directory of {@code target}. */
  Path campaignDirectory(TargetSpec target) {
    return campaigns.toPath().resolve(target.describe());
  }

  WeftJvm weftJvm() {
    List<Path> classPath = weftClassPath();
    Path agent =
        classPath.stream()
            .filter(jar -> jar.getFileName().toString().startsWith("byte-buddy-agent-"))
            .findFirst()
            .orElse(null);
    return new WeftJvm(WeftJvm.currentJava(), classPath, agent, jvmOptions, getLog());
  }

  /**
   * Weft's jars: the plugin's dependencies, without the plugin itself and without the plexus-utils
   * that Maven adds to the realm of every plugin that does not name it (for plugins of Maven 2).
   */
  private List<Path> weftClassPath() {
    Artifact self = plugin.getPluginArtifact();
    List<Path> jars = new ArrayList<>();
    for (Artifact a : plugin.getArtifacts()) {
      boolean isSelf =
          self != null
              && a.getGroupId().equals(self.getGroupId())
              && a.getArtifactId().equals(self.getArtifactId());
      boolean addedByMaven =
          a.getGroupId().equals("org.codehaus.plexus") && a.getArtifactId().equals("plexus-utils");
      if (!isSelf && !addedByMaven && a.getFile() != null) {
        jars.add(a.getFile().toPath());
      }
    }
    return jars;
  }
}
