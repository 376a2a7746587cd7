package dev.weft.maven;

import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * Which module of a build a goal on one test method runs in. {@code mvn weft:fuzz -Dweft.test=...}
 * on a build of several modules (from the root, or {@code -pl app -am}) reaches every module, and
 * only the one that holds the test can run it: the others skip it, and the last module fails the
 * build if none could (a misspelt class, its module left out) rather than let it pass having done
 * nothing. A build of one module always runs, so that Weft itself says what is wrong.
 */
final class TestModule {
  private final MavenSession session;
  private final MavenProject project;
  private final String key;
  private final Log log;

  TestModule(MavenSession session, MavenProject project, String goal, String test, Log log) {
    this.session = session;
    this.project = project;
    this.key = TestModule.class.getName() + ":" + goal + ":" + test;
    this.log = log;
  }

  /**
   * Whether the goal runs in this module.
   *
   * @param holdsTest whether this module has what the goal needs
   * @param what what that is, for the messages
   */
  boolean runsHere(boolean holdsTest, String what) throws MojoExecutionException {
    List<MavenProject> modules = session.getProjects();
    if (modules.size() <= 1) {
      return true;
    }
    if (holdsTest) {
      session.getRepositorySession().getData().set(key, Boolean.TRUE);
      return true;
    }
    log.info("[weft] no " + what + " in " + project.getArtifactId() + ": skipped");
    boolean last = modules.get(modules.size() - 1).equals(project);
    boolean sequential = session.getRequest().getDegreeOfConcurrency() <= 1;
    if (last && sequential && session.getRepositorySession().getData().get(key) == null) {
      throw new MojoExecutionException(
          "no module of this build has " + what + " (is the name right, is its module built?)");
    }
    return false;
  }
}
